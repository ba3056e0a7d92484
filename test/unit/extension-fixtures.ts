import type { Interaction, Risk, SessionView, ToolPermissionDecision } from '../../shared/contract/index.ts';

// Inbox fixtures for the extension's unit tests: a session with (or without) a question waiting.

export const decision = (fields: Partial<ToolPermissionDecision> = {}): ToolPermissionDecision => ({
  toolCallId: 'call-1',
  behavior: 'ask',
  source: 'policy',
  evaluator: 'policy',
  reason: 'Bash is not a read, so it needs approval.',
  reasonCode: 'default_ask',
  risk: 'high',
  ...fields,
});

export const allActions: Interaction['actions'] = [
  { id: 'allow_once', label: 'Approve once', behavior: 'allow', scope: 'once' },
  { id: 'allow_session', label: 'For this session', behavior: 'allow', scope: 'session' },
  { id: 'allow_always', label: 'Always', behavior: 'allow', scope: 'global' },
  { id: 'deny', label: 'Deny', behavior: 'deny', scope: 'once' },
];

export function interaction(id: string, sessionId: string, fields: Partial<Interaction> = {}): Interaction {
  return {
    interactionId: id,
    sessionId,
    toolCallId: `call-${id}`,
    tool: 'Bash',
    input: { command: 'rm -rf build' },
    decision: decision({ toolCallId: `call-${id}` }),
    actions: allActions,
    state: 'active',
    queuePosition: 0,
    createdAt: '2026-11-30T10:00:00.000Z',
    expiresAt: '2026-11-30T10:10:00.000Z',
    ...fields,
  };
}

/** A session; with `risk` (or `active`) it has an active interaction `int-<sessionId>`. */
export function session(
  sessionId: string,
  options: { risk?: Risk; active?: Partial<Interaction> | null; title?: string | null } = {},
): SessionView {
  const waiting =
    options.active === null
      ? null
      : interaction(`int-${sessionId}`, sessionId, {
          decision: decision({ toolCallId: `call-int-${sessionId}`, risk: options.risk ?? 'high' }),
          ...options.active,
        });
  return {
    sessionId,
    title: options.title === undefined ? `Session ${sessionId}` : options.title,
    agent: 'claude-code',
    mode: 'default',
    engineMode: 'default',
    modes: [],
    activeInteraction: waiting,
    queueLength: 0,
    createdAt: '2026-11-30T09:00:00.000Z',
    updatedAt: '2026-11-30T10:00:00.000Z',
  };
}
