import type {
  GlobalGrant,
  Interaction,
  InteractionAnswer,
  InteractionRespondRequest,
  SessionEvent,
  SessionGrant,
  SessionView,
  StepUpLevel,
} from '../../shared/contract/index.ts';

/**
 * What the approver UI (popup, /app, dock) needs from a relay, and nothing more. The popup's
 * port talks to the background (which alone holds the token); /app's port talks to the relay
 * directly. Both promise the same behaviour, so the components never know which one they have.
 */

/** How the UI stands with the relay. */
export type Connection = 'unpaired' | 'connecting' | 'live' | 'unreachable';

export interface InboxState {
  connection: Connection;
  /** The paired relay's origin, or null when not paired. */
  relayUrl: string | null;
  /** Sessions with an active interaction, most urgent first (highest risk, then oldest). */
  sessions: SessionView[];
  /** Why the relay is unreachable (or why pairing was lost), as plain text for the user. */
  error?: string;
  /**
   * The workspace's passkeys as the background last listed them (the extension's pages and dock);
   * absent until known. /app's port lists them itself.
   */
  passkeys?: PasskeyStanding;
}

/** How the workspace stands with passkeys (docs/attestation.md "Passkeys"), as last listed. */
export interface PasskeyStanding {
  /** The level in force: the workspace's setting once it has a passkey, `off` before. */
  level: StepUpLevel;
  /** The workspace's setting (`stepUp.minRisk`), in force or not. */
  setting: StepUpLevel;
  /** How many passkeys the workspace has. */
  count: number;
}

/** What the card needs to say about passkeys here, and where to send the approver. */
export interface PasskeyPlace extends PasskeyStanding {
  /**
   * Set when this page cannot hold the ceremony for this relay: why, in plain words, and the
   * address of /app on the relay, which can (docs/attestation.md "In the approver UI").
   */
  elsewhere?: { why: string; app: string };
  /** Takes the approver to where a passkey is registered. */
  register?(): void;
}

export type Answer = InteractionRespondRequest['answer'];

/** A grant as the relay lists it: a session's (`GET /sessions/{sid}/grants`) or the workspace's (`GET /grants`). */
export type Grant = SessionGrant | GlobalGrant;

/** Why an action did not go through, in the words the UI shows a state for. */
export type Refusal =
  | 'answered_elsewhere' // 409: not the active interaction any more (answered, canceled or queued)
  | 'expired' // 410
  | 'unreachable' // network error or relay down
  | 'unpaired' // 401: token missing or revoked
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'invalid'; // 400 / 413: the relay refused the body

export type PortResult<T> =
  | { ok: true; value: T }
  | { ok: false; refusal: Refusal; message: string; interaction?: Interaction };

/** One question of a batch answer. */
export interface BatchItem {
  sessionId: string;
  interactionId: string;
}

/** What became of one question of a batch answer: answered as if alone, or refused on its own. */
export interface BatchResult extends BatchItem {
  result: PortResult<Interaction>;
}

export interface ApproverPort {
  /** Calls `listener` at once with the current state, then on every change; returns unsubscribe. */
  subscribe(listener: (state: InboxState) => void): () => void;
  /** Answer a session's active interaction. */
  respond(answer: InteractionAnswer): Promise<PortResult<Interaction>>;
  /** Every session of the workspace, most recently changed first (GET /sessions). */
  sessions(): Promise<PortResult<SessionView[]>>;
  /** A session's recent events, oldest first, at most `limit` (GET /sessions/{sid}/audit). */
  timeline(sessionId: string, limit?: number): Promise<PortResult<SessionEvent[]>>;
  /** Switch a session's mode (PUT /sessions/{sid}/mode). */
  selectMode(sessionId: string, mode: string): Promise<PortResult<SessionView>>;
  /**
   * Grant, for this session only, what its agent asked for and runs without (its `requested`):
   * POST /sessions/{sid}/grant-requested. Answers the session as it is after the grant.
   */
  grantRequested(sessionId: string): Promise<PortResult<SessionView>>;
  /** A session's grants, or without a session the workspace's "always" grants. */
  grants(sessionId?: string): Promise<PortResult<Grant[]>>;
  /** Revoke one grant (DELETE …/grants/{id}): the next call is decided without it. */
  revokeGrant(grantId: string, sessionId?: string): Promise<PortResult<null>>;
  /**
   * One answer for several questions (POST /interaction-respond-many): each is answered as if
   * alone, and each result is listed in the order asked.
   */
  respondMany(items: BatchItem[], answer: Answer): Promise<PortResult<BatchResult[]>>;
  /** Stop offering a learned rule in this workspace (POST /suggestions/decline). */
  declineSuggestion(rule: string): Promise<PortResult<null>>;
  /**
   * The passkey standing last known (docs/attestation.md "Passkeys"), for the card's "needs your
   * passkey"; absent where the port runs no passkey ceremony.
   */
  passkeys?(): PasskeyPlace;
}
