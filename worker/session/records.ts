import type {
  ActorRef,
  AnswerOffer,
  Capability,
  Mode,
  PermissionsConfig,
  RequestedAuthority,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';

/** A mode the agent declared, already mapped to the engine mode it behaves as. */
export interface DeclaredMode {
  id: string;
  label: string;
  description?: string;
  mode: Mode;
}

/** The session itself: who it belongs to, what the agent declared, what is selected. */
export interface SessionMeta {
  workspaceId: string;
  sessionId: string;
  title: string | null;
  agent: string | null;
  /** The selected mode's id: a declared mode's id or an engine mode name. */
  mode: string;
  /** The engine mode that id maps to. */
  engineMode: Mode;
  modes: DeclaredMode[];
  /** The session's own permissions, as the agent declared them (any dialect). */
  permissions: PermissionsConfig | null;
  /** Who may loosen what (DESIGN §5 "Layering"); see `SessionAuthorityRecord`. */
  authority: SessionAuthorityRecord;
  createdAt: number;
  updatedAt: number;
}

/**
 * What an agent's declaration may change, and what it asked for: an agent tightens its session
 * at once, loosens it only when the workspace or an approver grants that.
 */
export interface SessionAuthorityRecord {
  /** Who chose the mode in force; an agent's declaration never undoes an approver's choice. */
  modeSetBy: 'agent' | 'approver' | 'admin' | null;
  /**
   * The mode name the agent declared last. A hook declares Claude Code's mode with every call;
   * only a declaration that differs from the last one is a new choice of the agent's.
   */
  declaredMode: string | null;
  requested: RequestedAuthority | null;
  /** An approver (or admin) let this session's own loosening permissions apply. */
  looseningGranted: boolean;
  /** Who chose the mode, when known (for the session detail). */
  modeActor?: ActorRef;
}

export const noAuthority = (): SessionAuthorityRecord => ({
  modeSetBy: null,
  declaredMode: null,
  requested: null,
  looseningGranted: false,
});

export interface ToolCallResult {
  status: 'ok' | 'error';
  output?: string;
  durationMs?: number;
}

/** One evaluated tool call. `input` is the redacted display copy, never the raw input. */
export interface ToolCallRecord {
  id: string;
  /** The user's request the call belongs to (`prompts.id`), when known. */
  promptId?: string | null;
  tool: string;
  input: unknown;
  /** `approvalKey(tool, rawInput)`: the idempotency check and the grant key. */
  approvalKey: string;
  capability: Capability | null;
  cwd: string | null;
  decision: ToolPermissionDecision;
  interactionId: string | null;
  /** Its interaction's resolution, read through `interactionId`: a resolution is stored once. */
  resolution: ToolPermissionResolution | null;
  result: ToolCallResult | null;
  createdAt: number;
  /** For an ask: the rules the approver may save and whether the input may be edited. */
  offer: AnswerOffer | null;
  /** The relay URL the call came in by: the `iss` of its attestation. */
  issuer?: string | null;
  /** The signed outcome (docs/attestation.md), once the call is final and signed. */
  attestation?: string | null;
}

export type InteractionStateName = 'active' | 'queued' | 'resolved';

export interface InteractionRecord {
  /** Insertion order: the FIFO order of the queue. */
  seq: number;
  id: string;
  toolCallId: string;
  state: InteractionStateName;
  /** The plan's timeout when the call was asked; the clock starts when the interaction activates. */
  timeoutSeconds: number;
  createdAt: number;
  activatedAt: number | null;
  expiresAt: number | null;
  resolvedAt: number | null;
  resolution: ToolPermissionResolution | null;
}

/**
 * A session grant: `call` lets the same tool + input through again (its approval key); `rule`
 * lets what the saved allow rule covers through (DESIGN §5 step 7). Either may be time-boxed.
 */
export interface GrantRecord {
  id: string;
  kind: 'call' | 'rule';
  rule: string | null;
  /** Epoch ms; the grant applies while now is before it. */
  expiresAt: number | null;
  actor: ActorRef | null;
  /** The approval key of a call grant; for a rule grant `rule:session:<rule>`, so one row per rule. */
  key: string;
  tool: string;
  input: unknown;
  interactionId: string;
  createdAt: number;
}
