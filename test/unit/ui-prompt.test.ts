import type { VNode } from 'preact';
import { describe, expect, it } from 'vitest';
import { promptRowText } from '../../extension/ui/card/call-summary.ts';
import { expandedChars } from '../../extension/ui/card/format-arguments.ts';
import { PromptLine } from '../../extension/ui/card/prompt-line.tsx';
import { promptChars, promptLines, promptText } from '../../extension/ui/card/prompt-text.ts';
import { isCall, timelineItems, timelineRows } from '../../extension/ui/timeline/timeline-items.ts';
import type { SessionEvent } from '../../shared/contract/index.ts';
import { askDecision } from './ui-fixtures.ts';

const prompt = (text: string) => ({ id: 'pm-1', text });

/** Every text a rendered tree holds, in order, and whether any element sets raw HTML. */
function texts(node: unknown): { strings: string[]; raw: boolean } {
  const strings: string[] = [];
  let raw = false;
  const walk = (child: unknown) => {
    if (child === null || child === undefined || typeof child === 'boolean') return;
    if (typeof child === 'string' || typeof child === 'number') {
      strings.push(String(child));
      return;
    }
    if (Array.isArray(child)) return child.forEach(walk);
    const vnode = child as VNode<Record<string, unknown>>;
    if (typeof vnode.type === 'function') return walk((vnode.type as (p: unknown) => unknown)(vnode.props));
    if ('dangerouslySetInnerHTML' in vnode.props) raw = true;
    walk(vnode.props.children);
  };
  walk(node);
  return { strings, raw };
}

describe('promptText', () => {
  it('shows nothing without a request, or with only blanks', () => {
    expect(promptText(undefined, false)).toBeNull();
    expect(promptText(undefined, true)).toBeNull();
    expect(promptText(prompt(''), false)).toBeNull();
    expect(promptText(prompt(' \n\t \n'), true)).toBeNull();
  });

  it('shows a short request whole, uncut', () => {
    expect(promptText(prompt('  push the branch\n'), false)).toEqual({ text: 'push the branch', cut: false });
  });

  it('folds a request of many lines to its first lines, and opens it whole', () => {
    const text = Array.from({ length: promptLines + 2 }, (_, i) => `line ${i + 1}`).join('\n');
    const folded = promptText(prompt(text), false);
    expect(folded?.cut).toBe(true);
    expect(folded?.text).toBe('line 1\nline 2\nline 3…');
    expect(promptText(prompt(text), true)).toEqual({ text, cut: false });
  });

  it('folds one long line at its character bound, never inside a surrogate pair', () => {
    const text = `${'a'.repeat(promptChars - 1)}😀😀 and more`;
    const folded = promptText(prompt(text), false);
    expect(folded?.cut).toBe(true);
    expect(folded?.text).toBe(`${'a'.repeat(promptChars - 1)}😀…`);
    expect(promptText(prompt('x'.repeat(promptChars)), false)).toEqual({
      text: 'x'.repeat(promptChars),
      cut: false,
    });
  });

  it('bounds even the opened text', () => {
    const opened = promptText(prompt('y'.repeat(expandedChars + 10)), true);
    expect(opened?.cut).toBe(true);
    expect(opened?.text.length).toBeLessThan(expandedChars + 20);
  });
});

describe('PromptLine', () => {
  it('renders nothing without a request', () => {
    expect(PromptLine({ prompt: undefined, expanded: false })).toBeNull();
    expect(PromptLine({ prompt: prompt('   '), expanded: true })).toBeNull();
  });

  it('says the request is the agent’s report', () => {
    const { strings } = texts(PromptLine({ prompt: prompt('push the branch'), expanded: false }));
    expect(strings.join('')).toBe('Asked for: push the branchas reported by the agent');
  });

  it('says where the rest is when folded', () => {
    const { strings } = texts(PromptLine({ prompt: prompt('a\nb\nc\nd'), expanded: false }));
    expect(strings.join('')).toBe('Asked for: a\nb\nc…as reported by the agent · Details shows all');
  });

  for (const markup of [
    '<b>bold</b> please',
    '<img src=x onerror="window.__pwned=1">',
    '<script>alert(1)</script>',
    '&lt;b&gt; already escaped',
    '<svg><a xlink:href="javascript:alert(1)">x</a></svg>',
  ])
    it(`keeps markup as the same characters: ${markup}`, () => {
      const { strings, raw } = texts(PromptLine({ prompt: prompt(markup), expanded: true }));
      expect(raw).toBe(false);
      expect(strings).toContain(markup);
    });
});

describe('the user’s requests in the timeline', () => {
  let seq = 0;
  const at = (name: SessionEvent['name'], value: unknown) =>
    ({
      seq: ++seq,
      ts: `2026-11-29T12:00:${String(seq).padStart(2, '0')}.000Z`,
      name,
      value,
    }) as SessionEvent;

  it('gives one "Asked" row per request, in order with the calls, and no call for it', () => {
    const events = [
      at('user_prompt', { promptId: 'pm-1', text: 'install left-pad' }),
      at('TOOL_CALL_START', { toolCallId: 'c1', tool: 'Bash', input: { command: 'npm i left-pad' } }),
      at('tool_permission_decision', askDecision({ toolCallId: 'c1' })),
      at('user_prompt', { promptId: 'pm-2', text: 'now push' }),
    ];
    const rows = timelineRows(events);
    expect(rows.map((row) => (isCall(row) ? row.toolCallId : `${row.kind}:${row.seq}`))).toEqual([
      `prompt:${events[3]!.seq}`,
      'c1',
      `prompt:${events[0]!.seq}`,
    ]);
    expect(rows[0]).toMatchObject({ kind: 'prompt', prompt: { promptId: 'pm-2', text: 'now push' } });
    expect(timelineItems(events).map((item) => item.toolCallId)).toEqual(['c1']);
  });

  it('words a request as one line of plain text', () => {
    expect(promptRowText('push the branch')).toBe('Asked: push the branch');
    expect(promptRowText('  first line\nsecond line')).toBe('Asked: first line …');
    expect(promptRowText('<b>bold</b>')).toBe('Asked: <b>bold</b>');
    expect(promptRowText(' \n ')).toBe('Asked: (empty)');
    expect(Array.from(promptRowText('z'.repeat(500))).length).toBe('Asked: '.length + 200);
  });
});
