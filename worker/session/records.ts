import type {
  Capability,
  Mode,
  PermissionsConfig,
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
  createdAt: number;
  updatedAt: number;
}

export interface ToolCallResult {
  status: 'ok' | 'error';
  output?: string;
}

/** One evaluated tool call. `input` is the redacted display copy, never the raw input. */
export interface ToolCallRecord {
  id: string;
  tool: string;
  input: unknown;
  /** `approvalKey(tool, rawInput)`: the idempotency check and the grant key. */
  approvalKey: string;
  capability: Capability | null;
  cwd: string | null;
  decision: ToolPermissionDecision;
  interactionId: string | null;
  resolution: ToolPermissionResolution | null;
  result: ToolCallResult | null;
  createdAt: number;
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

/** An `allow_session` grant: this session lets the same tool + input through again. */
export interface GrantRecord {
  key: string;
  tool: string;
  input: unknown;
  interactionId: string;
  createdAt: number;
}
