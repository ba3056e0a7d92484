import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callExcerpt, chatQuestion } from '../../worker/chat/display.ts';
import { chatOutcome, outcomeText } from '../../worker/chat/outcome.ts';
import type { ChatQuestion } from '../../worker/chat/port.ts';
import {
  actionOf,
  closedText,
  questionKeyboard,
  questionText,
  telegramActions,
  telegramTextLimit,
} from '../../worker/chat/telegram/message.ts';
import { parseTelegramHtml } from '../support/fake-telegram.ts';

// A Telegram message is HTML that must parse as Telegram parses it, stay within 4,096 characters
// and show every value as written (escaped, never as markup); its buttons' data fit 64 bytes.

const shown = (html: string) => {
  const parsed = parseTelegramHtml(html);
  if ('error' in parsed) throw new Error(`${parsed.error}\n${html}`);
  return parsed.text;
};

const question = (over: Partial<ChatQuestion> = {}): ChatQuestion => ({
  workspaceId: 'default',
  sessionId: 's1',
  interactionId: 'i1',
  sessionTitle: 'billing-service',
  risk: 'high',
  expiresAt: '2026-12-02T09:14:00.000Z',
  details: 'call',
  tool: 'Bash',
  summary: 'git push --force-with-lease origin release/2.4',
  call: 'git push --force-with-lease origin release/2.4',
  reason: 'Pushes to a remote: external_system (git push)',
  evaluator: 'Policy',
  ...over,
});

describe('Telegram messages', () => {
  it('show hostile values as text: tags, entities and stray ampersands are escaped', () => {
    const hostile = '</pre><a href="https://evil.test">click</a> &amp; & <b>';
    const text = shown(
      questionText(question({ sessionTitle: hostile, call: hostile, reason: hostile, summary: hostile })),
    );
    expect(text.split(hostile).length - 1).toBe(3);
    expect(
      shown(closedText(question({ sessionTitle: hostile }), { kind: 'denied', by: '<i>x</i> &' })),
    ).toContain('Denied by <i>x</i> &');
  });

  it('stay within 4,096 characters and parse, whatever the values (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('<', '>', '&', 'a', 'é', '🙂', '\n', ' '),
      maxLength: 3000,
    });
    fc.assert(
      fc.property(text, text, text, (title, call, reason) => {
        const q = question({
          sessionTitle: title.slice(0, 120),
          call: call.slice(0, 1500),
          reason: reason.slice(0, 500),
        });
        for (const html of [questionText(q), closedText(q, { kind: 'expired' })]) {
          expect(html.length).toBeLessThanOrEqual(telegramTextLimit);
          shown(html);
        }
      }),
    );
  });

  it('the call block is cut, not the message, when a call is long', () => {
    const call = Array.from({ length: 400 }, (_, i) => `line ${i} ${'<&>'.repeat(10)}`).join('\n');
    const html = questionText(question({ call }));
    expect(html.length).toBeLessThanOrEqual(telegramTextLimit);
    const text = shown(html);
    expect(text).toContain('Why asked:');
    expect(text).toContain('…');
  });

  it('buttons: Approve once, For this session, Deny, each callback_data ≤ 64 bytes and read back', () => {
    const buttons = questionKeyboard(question()).inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(['Approve once', 'For this session', 'Deny']);
    for (const button of buttons) {
      const data = (button as { callback_data: string }).callback_data;
      expect(new TextEncoder().encode(data).length).toBeLessThanOrEqual(64);
      expect(actionOf(data)).not.toBeNull();
    }
    for (const foreign of ['', 'gh1:always', 'gh1:once ', 'GH1:ONCE', 'gh2:once', 'constructor', '__proto__'])
      expect(actionOf(foreign)).toBeNull();
    expect(Object.keys(telegramActions)).toEqual(['once', 'session', 'deny']);
  });

  it('with pushDetails "none" the message offers Deny alone; summary and call offer all three', () => {
    const names = (details: ChatQuestion['details']) =>
      questionKeyboard(question({ details }))
        .inline_keyboard.flat()
        .map((b) => (b as { callback_data: string }).callback_data);
    expect(names('none')).toEqual([telegramActions.deny]);
    expect(names('summary')).toEqual([telegramActions.once, telegramActions.session, telegramActions.deny]);
    expect(names('call')).toEqual([telegramActions.once, telegramActions.session, telegramActions.deny]);
  });

  it('docs/chat.md shows the message as it is made', () => {
    const docs = readFileSync(new URL('../../docs/chat.md', import.meta.url), 'utf8');
    const blocks = [...docs.matchAll(/```text\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    const keyboard = (q: ChatQuestion) =>
      questionKeyboard(q)
        .inline_keyboard.map((row) => row.map((b) => `[ ${b.text} ]`).join(' '))
        .join('\n');
    expect(blocks[0]).toBe(`${shown(questionText(question()))}\n${keyboard(question())}`);
    const none = question({
      details: 'none',
      tool: undefined,
      summary: undefined,
      call: undefined,
      reason: undefined,
      evaluator: undefined,
    });
    expect(blocks[1]).toBe(`${shown(questionText(none))}\n${keyboard(none)}`);
    expect(keyboard(none)).toBe('[ Deny ]');
    expect(docs).toContain(`✅ ${outcomeText({ kind: 'approved', scope: 'once', by: 'Phone · Telegram' })}`);
  });
});

describe('what the core gives a provider', () => {
  const view = (title: string | null = 'infra') =>
    ({ sessionId: 'sess-1', title, activeInteraction: null }) as never;
  const active = (tool: string, input: unknown) =>
    ({
      interactionId: 'ia-1',
      toolCallId: 'tc-1',
      tool,
      input,
      expiresAt: null,
      decision: { risk: 'medium', reason: 'needs a human\u202e', evaluator: 'policy', source: 'policy' },
    }) as never;

  it('none carries the session and the risk only', () => {
    const q = chatQuestion('w', view(), active('Bash', { command: 'make deploy' }), 'none');
    expect(q).toEqual({
      workspaceId: 'w',
      sessionId: 'sess-1',
      interactionId: 'ia-1',
      sessionTitle: 'infra',
      risk: 'medium',
      expiresAt: null,
      details: 'none',
    });
  });

  it('an untitled session is named by its id; control and bidi characters are replaced', () => {
    const q = chatQuestion('w', view(null), active('Bash', { command: 'ls\u202e; rm -rf /' }), 'call');
    expect(q.sessionTitle).toBe('sess-1');
    expect(q.call).toBe('ls ; rm -rf /');
    expect(q.reason).toBe('needs a human ');
  });

  it('an edit shows its file and -/+ lines; a write its file and first lines; at most 20 lines', () => {
    expect(callExcerpt('Edit', { file_path: 'src/a.ts', old_string: 'a\nb', new_string: 'c' })).toBe(
      'src/a.ts\n- a\n- b\n+ c',
    );
    expect(
      callExcerpt('MultiEdit', {
        file_path: 'b.ts',
        edits: [
          { old_string: 'x', new_string: 'y' },
          { old_string: 'p', new_string: 'q' },
        ],
      }),
    ).toBe('b.ts\n- x\n+ y\n- p\n+ q');
    const write = callExcerpt('Write', {
      file_path: 'big.txt',
      content: Array.from({ length: 50 }, (_, i) => `l${i}`).join('\n'),
    });
    expect(write.split('\n')).toHaveLength(21);
    expect(write).toMatch(/… 31 more lines$/);
    expect(callExcerpt('mcp__db__query', { sql: 'select 1' })).toBe('{\n  "sql": "select 1"\n}');
  });

  it('an unknown or missing resolution reads as withdrawn, never as approved', () => {
    expect(chatOutcome(undefined)).toEqual({ kind: 'withdrawn' });
    expect(
      chatOutcome({
        toolCallId: 't',
        interactionId: 'i',
        behavior: 'allow',
        source: 'user',
        actionId: 'allow_session',
        scope: 'session',
        actor: { tokenId: 'tk-1', role: 'approver' },
      }),
    ).toEqual({ kind: 'approved', scope: 'session', by: 'tk-1' });
    expect(outcomeText({ kind: 'expired' })).toContain('Expired');
  });
});
