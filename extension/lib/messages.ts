import type {
  Interaction,
  InteractionAnswer,
  SessionEvent,
  SessionView,
} from '../../shared/contract/index.ts';
import type { Answer, BatchItem, BatchResult, Grant, InboxState, PortResult } from '../ui/port.ts';
import type { ChatRequest, ChatResponses } from './chat-messages.ts';
import type { PasskeyRequest, PasskeyResponses } from './passkey-messages.ts';

/**
 * The one protocol between the background (which alone holds the token) and everything else:
 * the popup, the options page and the dock content script. Types and names only — no runtime
 * dependencies — so the popup can use it within its size budget; the background checks every
 * incoming message with `message-guard.ts`.
 *
 * - Long-lived ports (`browser.runtime.connect({name})`): the background pushes a `StatePush`
 *   on every change — the whole `InboxState` to extension pages, only a `DockState` to the dock.
 * - Requests (`browser.runtime.sendMessage`): one `Request`, answered with `Responses[type]`.
 */

export const portNames = {
  /** Extension pages (popup, options): the whole inbox. */
  approver: 'gatehouse-approver',
  /** The dock content script: the most urgent request, display-ready, nothing else. */
  dock: 'gatehouse-dock',
} as const;
export type PortName = (typeof portNames)[keyof typeof portNames];

/** What the dock shows of the most urgent request: plain strings made by the background. */
export interface DockRequest {
  sessionId: string;
  interactionId: string;
  sessionTitle: string;
  tool: string;
  risk: string;
  /** `decisionBadge()` of the decision. */
  badge: { label: string; color: string } | null;
  /** One secondary line: evaluator, confidence, categories, reviewer, AI recommendation. */
  summary: string;
  /** A one-line preview of the arguments. */
  preview: string;
  canApprove: boolean;
  canDeny: boolean;
  /** Approving needs the approver's passkey, which only the popup can ask for: no Approve here. */
  needsPasskey: boolean;
}

export interface DockState {
  request: DockRequest | null;
}

export type StatePush = { type: 'state'; state: InboxState } | { type: 'dock'; state: DockState };

/** Why pairing failed, one value per cause the options page names. */
export type PairingFailure =
  | 'invalid_url'
  | 'invalid_code'
  | 'permission_refused'
  | 'unreachable'
  | 'not_gatehouse'
  | 'code_unknown'
  | 'code_used'
  | 'rate_limited';

/** The paired relay as pages may see it: no token. */
export interface PairingInfo {
  url: string;
  workspaceId: string;
  pairedAt: string;
}

export type PairingResult =
  | { ok: true; relay: PairingInfo }
  | { ok: false; failure: PairingFailure; message: string };

export interface OptionsState {
  relay: PairingInfo | null;
  dockEnabled: boolean;
}

export type Request =
  | { type: 'state' }
  | { type: 'retry' }
  | ({ type: 'respond' } & InteractionAnswer)
  | { type: 'sessions' }
  | { type: 'timeline'; sessionId: string; limit?: number }
  | { type: 'selectMode'; sessionId: string; mode: string }
  | { type: 'grantRequested'; sessionId: string }
  | { type: 'grants'; sessionId?: string }
  | { type: 'revokeGrant'; grantId: string; sessionId?: string }
  | { type: 'respondMany'; items: BatchItem[]; answer: Answer }
  | { type: 'declineSuggestion'; rule: string }
  | { type: 'pairing' }
  | { type: 'pair'; url: string; code: string }
  | { type: 'unpair' }
  | { type: 'dockEnabled'; enabled: boolean }
  | { type: 'presence'; active: boolean }
  | ChatRequest
  | PasskeyRequest;

export type RequestType = Request['type'];

export interface Responses extends ChatResponses, PasskeyResponses {
  /** Extension pages get the inbox, the dock its own state. */
  state: InboxState | DockState;
  retry: { ok: true };
  respond: PortResult<Interaction>;
  sessions: PortResult<SessionView[]>;
  timeline: PortResult<SessionEvent[]>;
  selectMode: PortResult<SessionView>;
  grantRequested: PortResult<SessionView>;
  grants: PortResult<Grant[]>;
  revokeGrant: PortResult<null>;
  respondMany: PortResult<BatchResult[]>;
  declineSuggestion: PortResult<null>;
  pairing: OptionsState;
  pair: PairingResult;
  unpair: OptionsState;
  dockEnabled: OptionsState;
  presence: { ok: true };
}

/** The answer the background gives a message it refuses (bad shape, wrong sender or not allowed). */
export interface Rejection {
  ok: false;
  refusal: 'invalid' | 'forbidden';
  message: string;
}

/** Which requests a content script (the dock) may make; everything else is for extension pages only. */
export const contentScriptRequests: readonly RequestType[] = ['state', 'respond', 'presence'];

/** The most a timeline request may ask for (the relay caps `tail` too). */
export const timelineLimitMax = 500;
