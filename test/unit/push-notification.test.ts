import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/index.ts';
import { PushMessage } from '../../shared/push/message.ts';
import {
  askNotification,
  closedNotification,
  couldNotAnswer,
  failedNotification,
  tagFor,
} from '../../shared/push/notification.ts';
import { summarizeCall, summaryChars } from '../../shared/push/summary.ts';
import { announcements, askDetails } from '../../worker/push/announce.ts';

function view(
  tool: string,
  input: unknown,
  risk: 'safe' | 'low' | 'medium' | 'high' | 'critical',
  id = 'in-1',
): SessionView {
  return {
    sessionId: 's-1',
    title: 'Release notes',
    agent: 'agent',
    mode: 'default',
    engineMode: 'default',
    modes: [],
    activeInteraction: {
      interactionId: id,
      sessionId: 's-1',
      toolCallId: 'tc-1',
      tool,
      input,
      decision: {
        toolCallId: 'tc-1',
        behavior: 'ask',
        source: 'policy',
        reason: 'asked',
        reasonCode: 'default_ask',
        risk,
        evaluator: 'policy',
      },
      actions: [],
      state: 'active',
      queuePosition: 0,
      createdAt: new Date(0).toISOString(),
      expiresAt: new Date(600_000).toISOString(),
    },
    queueLength: 0,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  } as SessionView;
}

const ask = (v: SessionView) => {
  const { announce } = announcements(null, v, 'summary', 0);
  const message = PushMessage.parse(announce[0]!.message);
  if (message.kind !== 'ask') throw new Error('not an ask');
  return askNotification(message, message.details);
};

describe('what a push shows', () => {
  it('title = risk + tool, body = the command, one tag per session, Approve once only for a whole low-risk call', () => {
    const plan = ask(view('Bash', { command: 'git push origin v1.4.0', description: 'push' }, 'medium'));
    expect(plan.title).toBe('Medium risk · Bash');
    expect(plan.body).toBe('git push origin v1.4.0\nRelease notes');
    expect(plan.tag).toBe('gatehouse:s-1');
    expect(plan.requireInteraction).toBe(false);
    expect(plan.actions.map((a) => a.action)).toEqual(['approve', 'deny']);
    expect(plan.data.url).toBe('/app/#card=s-1/in-1');
  });

  it('high and critical stay on screen and are never approved by one tap', () => {
    for (const risk of ['high', 'critical'] as const) {
      const plan = ask(view('Bash', { command: 'rm -rf build' }, risk));
      expect(plan.requireInteraction).toBe(true);
      expect(plan.actions.map((a) => a.action)).toEqual(['deny']);
    }
  });

  it('no Approve when the summary is not the whole call', () => {
    const cases: [string, unknown][] = [
      ['Bash', { command: `echo ${'a'.repeat(200)}` }],
      ['Bash', { command: 'echo ok\nrm -rf ~' }],
      ['Bash', { command: 'echo ok\r; curl x | sh' }],
      ['Bash', { command: 'ls \u202e hs.x' }],
      ['Bash', { command: 'ls', cwd: '/etc' }],
      ['Bash', { command: 'echo …[truncated 300 chars]' }],
      ['Bash', { command: 'curl -H "Authorization: Bearer [REDACTED:bearer_token]" x' }],
      ['Edit', { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b'.repeat(200) }],
      ['Write', { file_path: '/repo/a.ts', content: 'x'.repeat(300) }],
    ];
    for (const [tool, input] of cases) {
      const plan = ask(view(tool, input, 'low'));
      expect(
        plan.actions.map((a) => a.action),
        JSON.stringify(input),
      ).toEqual(['deny']);
    }
    // A small call of another tool, all of it on the line, may be approved.
    expect(ask(view('Read', { file_path: '/repo/README.md' }, 'safe')).actions).toHaveLength(2);
  });

  it('a secret in the command is masked before it leaves, and then Approve is not offered', () => {
    const details = askDetails(
      view(
        'Bash',
        { command: 'curl -H "Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ012345" x' },
        'low',
      ),
    );
    expect(details?.summary).not.toContain('ghp_0123456789');
    expect(details?.whole).toBe(false);
  });

  it('pushDetails "none" sends ids only', () => {
    const { announce } = announcements(null, view('Bash', { command: 'ls' }, 'low'), 'none', 0);
    expect(announce).toHaveLength(1);
    const text = JSON.stringify(announce[0]!.message);
    expect(text).not.toContain('Bash');
    expect(text).not.toContain('ls');
    expect(text).not.toContain('Release');
    expect(Object.keys(announce[0]!.message).sort()).toEqual([
      'expiresAt',
      'interactionId',
      'kind',
      'sessionId',
    ]);
  });

  it('a question answered or expired is closed with the same tag, quietly', () => {
    const previous = { session_id: 's-1', interaction_id: 'in-1', expires_at: 600_000 };
    const idle = { ...view('Bash', { command: 'ls' }, 'low'), activeInteraction: null };
    const answered = announcements(previous, idle, 'summary', 1000);
    expect(answered.question).toBeNull();
    expect(answered.announce.map((a) => a.message)).toEqual([
      { kind: 'closed', sessionId: 's-1', interactionId: 'in-1', outcome: 'answered' },
    ]);
    const expired = announcements(previous, idle, 'summary', 600_000);
    const closing = expired.announce[0]!.message;
    expect(closing).toMatchObject({ outcome: 'expired' });
    if (closing.kind !== 'closed') throw new Error('not closed');
    const plan = closedNotification(closing);
    expect(plan).toMatchObject({ tag: 'gatehouse:s-1', silent: true, actions: [] });
    // The relay's tag wins; without one (a push queued before tags), the session's.
    expect(tagFor({ sessionId: 's-1', tag: 'gatehouse:s-1' })).toBe('gatehouse:s-1');
    expect(tagFor({ sessionId: 's-2' })).toBe('gatehouse:s-2');
    // The next question of the same session: the old one closes, the new one is asked.
    const next = announcements(previous, view('Bash', { command: 'ls' }, 'low', 'in-2'), 'summary', 1000);
    expect(next.announce.map((a) => a.message.kind)).toEqual(['closed', 'ask']);
    // The same question again (another field of the session changed): nothing to send.
    expect(
      announcements(previous, view('Bash', { command: 'ls' }, 'low', 'in-1'), 'summary', 1000).announce,
    ).toEqual([]);
  });

  it('a failed action says so and offers nothing more', () => {
    const plan = failedNotification(ask(view('Bash', { command: 'ls' }, 'low')));
    expect(plan.title).toBe(couldNotAnswer);
    expect(plan.title).toBe('Could not answer — open Gatehouse');
    expect(plan.actions).toEqual([]);
  });

  it('any summary is one line of at most 120 characters, and whole only when it is the command itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (command) => {
        const summary = summarizeCall('Bash', { command });
        expect([...summary.text].length).toBeLessThanOrEqual(summaryChars);
        expect(summary.text).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
        if (summary.whole) expect(summary.text).toBe(command);
      }),
    );
  });
});
