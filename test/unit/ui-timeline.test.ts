import { describe, expect, it } from 'vitest';
import { deviceLabel } from '../../extension/lib/device-label.ts';
import { answeredBy, callSummary, modeChangeText } from '../../extension/ui/card/call-summary.ts';
import {
  isCall,
  resolutionOf,
  timelineItems,
  timelineRows,
} from '../../extension/ui/timeline/timeline-items.ts';
import { decisionBadge } from '../../shared/badges/index.ts';
import type { SessionEvent, ToolPermissionDecision } from '../../shared/contract/index.ts';
import { allActions, askDecision, userResolution } from './ui-fixtures.ts';

let seq = 0;
const at = (name: SessionEvent['name'], value: unknown) =>
  ({ seq: ++seq, ts: `2026-11-29T12:00:${String(seq).padStart(2, '0')}.000Z`, name, value }) as SessionEvent;

const start = (toolCallId: string, tool: string) => at('TOOL_CALL_START', { toolCallId, tool, input: {} });
const decided = (toolCallId: string, fields: Partial<ToolPermissionDecision> = {}) =>
  at('tool_permission_decision', askDecision({ toolCallId, behavior: 'allow', ...fields }));

describe('timelineItems', () => {
  it('gives one item per decided tool call, newest first, with its tool name', () => {
    const events = [start('c1', 'Read'), decided('c1'), start('c2', 'Bash'), decided('c2')];
    const items = timelineItems(events);
    expect(items.map((item) => [item.toolCallId, item.tool])).toEqual([
      ['c2', 'Bash'],
      ['c1', 'Read'],
    ]);
  });

  it('keeps both stages of a resolved escalation', () => {
    const ask = askDecision({ toolCallId: 'c1' });
    const events = [
      start('c1', 'Bash'),
      at('tool_permission_decision', ask),
      at('tool_approval_request', {
        toolCallId: 'c1',
        interactionId: 'int-1',
        tool: 'Bash',
        input: {},
        decision: ask,
        actions: allActions,
        expiresAt: null,
        queuePosition: 0,
      }),
      at('tool_permission_resolution', userResolution({ toolCallId: 'c1' })),
      at('TOOL_CALL_RESULT', { toolCallId: 'c1', status: 'ok' }),
    ];
    const [item] = timelineItems(events);
    expect(item?.decision).toEqual(ask);
    expect(item?.resolution).toEqual(userResolution({ toolCallId: 'c1' }));
    expect(decisionBadge(item!.decision, item!.resolution)?.label).toBe('User approved');
  });

  it('shows a Full Access call as not reviewed', () => {
    const events = [start('c9', 'Write'), decided('c9', { source: 'full_access', evaluator: 'full_access' })];
    const [item] = timelineItems(events);
    expect(decisionBadge(item!.decision, item!.resolution)).toEqual({
      label: 'Full Access · Not reviewed',
      color: 'violet',
    });
  });

  it('leaves out calls without a decision, and events of other kinds', () => {
    const events = [
      start('c1', 'Bash'),
      at('mode_changed', { mode: 'plan', engineMode: 'plan', previousMode: 'default', by: 'approver' }),
      at('session_updated', { title: 'x', by: 'agent' }),
    ];
    expect(timelineItems(events)).toEqual([]);
  });

  it('keeps a decision whose start fell out of the window, without a tool name', () => {
    const [item] = timelineItems([decided('old')]);
    expect(item?.tool).toBeNull();
  });

  it('takes the tool name from the approval request when there is no start', () => {
    const ask = askDecision({ toolCallId: 'c3' });
    const events = [
      at('tool_permission_decision', ask),
      at('tool_approval_request', {
        toolCallId: 'c3',
        interactionId: 'int-3',
        tool: 'Deploy',
        input: {},
        decision: ask,
        actions: [],
        expiresAt: null,
        queuePosition: 0,
      }),
    ];
    expect(timelineItems(events)[0]?.tool).toBe('Deploy');
  });

  it('lets a later decision for the same call replace an earlier one', () => {
    const events = [start('c1', 'Bash'), decided('c1', { risk: 'low' }), decided('c1', { risk: 'high' })];
    const items = timelineItems(events);
    expect(items).toHaveLength(1);
    expect(items[0]?.decision.risk).toBe('high');
  });

  it('is empty for no events', () => {
    expect(timelineItems([])).toEqual([]);
  });
});

describe('resolutionOf', () => {
  it('finds the resolution of one call among others', () => {
    const events = [
      at(
        'tool_permission_resolution',
        userResolution({ toolCallId: 'a', behavior: 'deny', actionId: 'deny' }),
      ),
      at('tool_permission_resolution', userResolution({ toolCallId: 'b' })),
    ];
    expect(resolutionOf(events, 'a')?.behavior).toBe('deny');
    expect(resolutionOf(events, 'b')?.behavior).toBe('allow');
    expect(resolutionOf(events, 'c')).toBeUndefined();
  });
});

describe('who answered', () => {
  const resolved = (resolution: ReturnType<typeof userResolution>) => {
    const ask = askDecision({ toolCallId: 'c1' });
    return timelineItems([
      start('c1', 'Bash'),
      at('tool_permission_decision', ask),
      at('tool_permission_resolution', resolution),
    ])[0]!;
  };

  it('names the device beside the badge: "User approved · Phone"', () => {
    const item = resolved(
      userResolution({ toolCallId: 'c1', actor: { tokenId: 'tk-1', label: 'Phone', role: 'approver' } }),
    );
    expect(`${decisionBadge(item.decision, item.resolution)?.label} · ${answeredBy(item.resolution!)}`).toBe(
      'User approved · Phone',
    );
  });

  it('falls back to who answered when the relay names no device: the user, or nobody for a timeout', () => {
    const unlabelled = resolved(
      userResolution({ toolCallId: 'c1', actor: { tokenId: 'tk-9', role: 'admin' } }),
    );
    expect(answeredBy(unlabelled.resolution!)).toBe('User');
    expect(answeredBy(resolved(userResolution({ toolCallId: 'c1' })).resolution!)).toBe('User');
    const expired = resolved(
      userResolution({ toolCallId: 'c1', source: 'timeout', actor: { tokenId: 'tk-1', role: 'approver' } }),
    );
    expect(answeredBy(expired.resolution!)).toBe('Nobody (expired)');
  });

  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36 Edg/150.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['', 'Browser'],
  ])('the extension and /app pair as their browser and system: %s', (userAgent, label) => {
    expect(deviceLabel({ userAgent })).toBe(label);
  });
});

describe('timelineRows: what ran, who answered, how it ended', () => {
  it('carries the input, the resolution and the reported result of each call', () => {
    const ask = askDecision({ toolCallId: 'p1', risk: 'critical' });
    const events = [
      at('TOOL_CALL_START', {
        toolCallId: 'p1',
        tool: 'Bash',
        input: { command: 'git push --force origin main' },
      }),
      at('tool_permission_decision', ask),
      at('tool_permission_resolution', userResolution({ toolCallId: 'p1' })),
      at('TOOL_CALL_RESULT', { toolCallId: 'p1', status: 'error' }),
    ];
    const [row] = timelineRows(events);
    expect(row).toMatchObject({
      toolCallId: 'p1',
      tool: 'Bash',
      input: { command: 'git push --force origin main' },
      result: 'error',
      resolution: { source: 'user' },
    });
  });

  it('puts mode changes among the calls, by sequence, newest first', () => {
    const events = [
      start('c1', 'Bash'),
      decided('c1'),
      at('mode_changed', { mode: 'yolo', engineMode: 'bypass', previousMode: 'default', by: 'approver' }),
      start('c2', 'Bash'),
      decided('c2', { source: 'full_access' }),
    ];
    const rows = timelineRows(events);
    expect(
      rows.map((row) =>
        isCall(row) ? row.toolCallId : row.kind === 'mode' ? `mode:${row.change.mode}` : row.kind,
      ),
    ).toEqual(['c2', 'mode:yolo', 'c1']);
    // timelineItems stays calls only.
    expect(timelineItems(events).map((item) => item.toolCallId)).toEqual(['c2', 'c1']);
  });
});

describe('callSummary', () => {
  it.each([
    ['Bash', { command: 'npm test\nnpm run build' }, 'npm test …'],
    ['Bash', { command: '  rm   -rf\tbuild  ' }, 'rm -rf build'],
    ['Edit', { file_path: 'src/a.ts', old_string: 'x', new_string: 'y' }, 'src/a.ts'],
    ['Write', { file_path: '/tmp/out.txt', content: 'secret stuff' }, '/tmp/out.txt'],
    ['NotebookEdit', { notebook_path: 'n.ipynb', new_source: 'x' }, 'n.ipynb'],
    ['WebFetch', { url: 'https://docs.python.org/3/', prompt: 'p' }, 'https://docs.python.org/3/'],
    ['WebSearch', { query: 'zod' }, 'zod'],
    ['Grep', { pattern: 'TODO', path: 'src' }, 'TODO in src'],
    ['mcp__github__create_issue', { title: 'x' }, 'github · create_issue'],
    ['Deploy', { target: 'prod' }, '{"target":"prod"}'],
    [null, undefined, ''],
    ['Bash', { command: 42 }, '{"command":42}'],
  ])('%s %o → %s', (tool, input, text) => {
    expect(callSummary(tool, input)).toBe(text);
  });

  it('control characters never reach the row', () => {
    expect(callSummary('Bash', { command: 'echo \u001b[31mred\u0007' })).toBe('echo [31mred');
  });
});

describe('answeredBy and modeChangeText', () => {
  it('the approver’s label when the relay names it, else the source', () => {
    const phone = { tokenId: 'tok-1', label: 'Phone', role: 'approver' } as const;
    expect(answeredBy(userResolution())).toBe('User');
    expect(answeredBy(userResolution({ actor: phone }))).toBe('Phone');
    expect(answeredBy(userResolution({ actor: { ...phone, label: '  ' } }))).toBe('User');
    expect(answeredBy(userResolution({ source: 'timeout', behavior: 'deny', actionId: 'expired' }))).toBe(
      'Nobody (expired)',
    );
  });

  it('says from what to what, with the declared labels, and who switched', () => {
    const labels = new Map([
      ['default', 'Ask before edits'],
      ['yolo', 'Full Access'],
    ]);
    expect(
      modeChangeText({ mode: 'yolo', engineMode: 'bypass', previousMode: 'default', by: 'approver' }, labels),
    ).toBe('Mode: Ask before edits → Full Access · by an approver');
    expect(
      modeChangeText(
        {
          mode: 'plan',
          engineMode: 'plan',
          previousMode: null,
          by: 'agent',
          actor: { tokenId: 'tok-2', label: 'Laptop', role: 'agent' },
        },
        new Map(),
      ),
    ).toBe('Mode: Plan · by Laptop');
  });

  it('words undeclared modes as the engine does, Claude Code’s spellings too, and the granting device', () => {
    const chrome = { tokenId: 'tok-3', label: 'Chrome on Linux', role: 'approver' } as const;
    expect(
      modeChangeText(
        {
          mode: 'acceptEdits',
          engineMode: 'accept_edits',
          previousMode: 'default',
          by: 'approver',
          actor: chrome,
        },
        new Map(),
      ),
    ).toBe('Mode: Default → Accept edits · by Chrome on Linux');
    expect(
      modeChangeText(
        {
          mode: 'bypassPermissions',
          engineMode: 'bypass',
          previousMode: 'plan',
          by: 'approver',
          actor: chrome,
        },
        new Map(),
      ),
    ).toBe('Mode: Plan → Full Access · by Chrome on Linux');
    // A name the engine does not know stays as written; a declared label wins over the engine's.
    expect(
      modeChangeText(
        { mode: 'turbo', engineMode: 'auto', previousMode: 'default', by: 'admin' },
        new Map([['default', 'Careful']]),
      ),
    ).toBe('Mode: Careful → turbo · by an admin');
  });
});
