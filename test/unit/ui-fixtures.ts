import type {
  ApprovalAction,
  Interaction,
  SessionView,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';

/** Small builders for the approver UI's tests: valid contract values with the fields a test cares about. */

export const askDecision = (fields: Partial<ToolPermissionDecision> = {}): ToolPermissionDecision => ({
  toolCallId: 'call-1',
  behavior: 'ask',
  source: 'policy',
  evaluator: 'policy',
  reason: 'Pushing changes an external system.',
  reasonCode: 'capability_exec_ask',
  risk: 'high',
  ...fields,
});

export const userResolution = (fields: Partial<ToolPermissionResolution> = {}): ToolPermissionResolution => ({
  toolCallId: 'call-1',
  behavior: 'allow',
  source: 'user',
  actionId: 'allow_once',
  scope: 'once',
  interactionId: 'int-1',
  ...fields,
});

export const allActions: ApprovalAction[] = [
  { id: 'allow_once', label: 'Allow once', behavior: 'allow', scope: 'once' },
  { id: 'allow_session', label: 'Allow for session', behavior: 'allow', scope: 'session' },
  { id: 'allow_always', label: 'Always allow', behavior: 'allow', scope: 'global' },
  { id: 'deny', label: 'Deny', behavior: 'deny', scope: 'once' },
];

export const interaction = (fields: Partial<Interaction> = {}): Interaction => ({
  interactionId: 'int-1',
  sessionId: 'sess-1',
  toolCallId: 'call-1',
  tool: 'Bash',
  input: { command: 'git push origin main' },
  decision: askDecision(),
  actions: allActions,
  state: 'active',
  queuePosition: 0,
  createdAt: '2026-11-29T12:00:00.000Z',
  expiresAt: '2026-11-29T12:10:00.000Z',
  ...fields,
});

/** A session; `active` gives it an active interaction with that id (and the session's id). */
export const session = (
  sessionId: string,
  active?: string,
  fields: Partial<SessionView> = {},
): SessionView => ({
  sessionId,
  title: `Session ${sessionId}`,
  agent: 'claude-code',
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction: active
    ? interaction({ interactionId: active, sessionId, toolCallId: `call-${active}` })
    : null,
  queueLength: 0,
  createdAt: '2026-11-29T11:00:00.000Z',
  updatedAt: '2026-11-29T12:00:00.000Z',
  ...fields,
});
