import type { z } from 'zod';
import type {
  Actor,
  ActorRef,
  AttestationPayload,
  AuditLog,
  AuthenticationResponse,
  ChatLink,
  ChatLinkCode,
  ChatService,
  DeliverySettings,
  GlobalGrant,
  GrantRecord,
  Interaction,
  InteractionAnswer,
  IssuedToken,
  Mode,
  PairingCode,
  PasskeyEntry,
  PasskeyRegistration,
  PermissionsConfig,
  RequestedAuthority,
  Role,
  SessionDeclaration,
  SessionGrant,
  SessionView,
  StepUpOptionsRequest,
  StepUpSetting,
  SuggestionSettings,
  TokenInfo,
  ToolCallRequest,
  ToolCallResultRequest,
  ToolCallState,
} from '../shared/contract/index.ts';
import type { ServedLocally } from './common/credential-cache.ts';
import type { Principal } from './common/principal.ts';
import type { Result } from './common/result.ts';
import type { TestResult } from './push/pusher.ts';
import type { SubscriptionInfo, SubscriptionRequest } from './push/subscription.ts';

/**
 * What crosses between the Worker and its two Durable Objects, in one place: the arguments and
 * answers of every RPC method, and the methods themselves. The objects `implement` these
 * interfaces and the Worker reaches them through `sessionStub`/`workspaceStub`, so both sides
 * are checked against the same declaration — the runtime's inferred stub types collapse some of
 * these answers to `never`.
 */

// ── the session ──────────────────────────────────────────────────────────────────────────

/**
 * Who is calling a SessionDO, passed first to every RPC method: the DO learns its own identity
 * from it (an object keyed `workspaceId:sessionId` does not know its name otherwise), whether
 * its cached workspace policy is stale, and whom to name in events.
 */
export interface SessionCaller {
  workspaceId: string;
  sessionId: string;
  /** The workspace's policy version as the caller's principal saw it. */
  policyVersion: number;
  actor: z.infer<typeof Actor>;
  /** The caller's token id, recorded with an "always allow" so the workspace can say who approved it. */
  tokenId?: string;
  /** The token's label (e.g. "Phone", "Chrome on Linux"), named with every change it makes. */
  label?: string;
  /** The relay's URL as this request reached it (or `GATEHOUSE_PUBLIC_URL`): an attestation's `iss`. */
  issuer?: string;
}

/** A tool call as the route hands it over: the request body without the transport's `wait`. */
export type ToolCallSubmission = Omit<ToolCallRequest, 'wait'>;

/**
 * One Claude Code hook call, evaluated in one session RPC: Claude Code's mode
 * (declared as the agent's choice unless null), the session's title from `cwd`, then the tool
 * call itself, the wait for a human and, when nobody answered in time, the withdrawal.
 */
export interface HookSubmission {
  call: ToolCallSubmission;
  /** Claude Code's `permission_mode` as an engine mode, and in its own words for the notes. */
  mode: { mode: Mode; name: string } | null;
  /** The session's title when it has none yet: the last part of the hook's `cwd`. */
  title: string | null;
  /** Rules Claude Code suggests saving (`permission_suggestions`), offered only if they pass the relay's check. */
  proposedRules?: readonly string[];
}

/** What a hook call came to, for the answer builders (`worker/hooks/answers.ts`). */
export interface HookResult {
  state: ToolCallState;
  /** Nobody answered within the wait, so the relay withdrew the question (resolution `cancel`). */
  withdrawn: boolean;
  /** The hook's client went away while it waited; its answer reaches nobody. */
  left: boolean;
  /** Why Claude Code's mode was not applied (the workspace does not allow it), if it was not. */
  modeRefusal: string | null;
  /** What the session asked for and runs without, and the engine mode it runs in. */
  requested: RequestedAuthority | null;
  engineMode: Mode;
}

/** How the answer words what an agent asked for: "Claude Code runs in acceptEdits: not applied". */
export interface DeclarationWording {
  /** Who declared, e.g. `Claude Code` (a hook); else the session's agent name. */
  agentName?: string;
  /** The mode as the agent itself named it (Claude Code's `permission_mode`). */
  modeName?: string;
}

/** The RPC methods of a SessionDO (its `fetch` serves the event streams). */
export interface SessionRpc {
  /** `proposedRules`: rules the agent suggests saving (Claude Code's), checked before they are offered. */
  /** `waitId` names the wait, so `clientLeft` can end it when the Worker sees its client go. */
  submitToolCall(
    caller: SessionCaller,
    request: ToolCallSubmission,
    waitSeconds?: number,
    waitId?: string,
    proposedRules?: readonly string[],
  ): Promise<Result<ToolCallState>>;
  getToolCall(
    caller: SessionCaller,
    toolCallId: string,
    waitSeconds?: number,
    waitId?: string,
  ): Promise<Result<ToolCallState>>;
  /** The client of wait `waitId` went away; with nobody else waiting, the question is withdrawn after a grace. */
  clientLeft(caller: SessionCaller, toolCallId: string, waitId: string): Promise<Result<null>>;
  hookToolCall(
    caller: SessionCaller,
    hook: HookSubmission,
    waitSeconds: number,
    waitId?: string,
  ): Promise<Result<HookResult>>;
  /** Claude Code's UserPromptSubmit: the user's request, which the questions that follow carry. */
  recordPrompt(
    caller: SessionCaller,
    prompt: { id: string; text: string },
    title: string | null,
  ): Promise<Result<null>>;
  /** Claude Code's session ended: every open question of the session is withdrawn. */
  endSession(caller: SessionCaller): Promise<Result<{ withdrawn: number }>>;
  cancelToolCall(caller: SessionCaller, toolCallId: string): Promise<Result<ToolCallState>>;
  /**
   * `reportedBy: 'hook'` (Claude Code's PostToolUse) records what ran even when the relay had not
   * allowed it (Claude Code's own prompt may have): nothing that ran goes unseen.
   */
  reportResult(
    caller: SessionCaller,
    toolCallId: string,
    result: ToolCallResultRequest,
    reportedBy?: 'agent' | 'hook',
  ): Promise<Result<ToolCallState>>;
  declareSession(
    caller: SessionCaller,
    declaration: SessionDeclaration,
    wording?: DeclarationWording,
  ): Promise<Result<SessionView>>;
  getSession(caller: SessionCaller): Promise<Result<SessionView>>;
  selectMode(caller: SessionCaller, mode: string): Promise<Result<SessionView>>;
  grantRequested(caller: SessionCaller): Promise<Result<SessionView>>;
  /** `requestUrl`: the route's, so a passkey assertion's RP and origin can be checked. */
  respond(
    caller: SessionCaller,
    /** The answer path's one request (shared/contract); its session is the caller's. */
    request: InteractionAnswer,
    requestUrl?: string,
  ): Promise<Result<Interaction>>;
  /** Passkey step-up (docs/attestation.md "Passkeys"): the request options for one approval. */
  stepUpOptions(
    caller: SessionCaller,
    interactionId: string,
    request: StepUpOptionsRequest,
    requestUrl: string,
  ): Promise<Result<unknown>>;
  listGrants(caller: SessionCaller): Promise<Result<SessionGrant[]>>;
  removeGrant(caller: SessionCaller, id: string): Promise<Result<null>>;
  auditLog(caller: SessionCaller, after?: number, limit?: number): Promise<Result<AuditLog>>;
  latestEvents(caller: SessionCaller, count: number): Promise<Result<AuditLog>>;
  fetch(request: Request): Promise<Response>;
}

/** The name a session's Durable Object is found by (DESIGN §2). */
export const sessionObjectName = (workspaceId: string, sessionId: string) => `${workspaceId}:${sessionId}`;

/** The session object of a caller, typed by `SessionRpc`. */
export const sessionStub = (env: Env, caller: Pick<SessionCaller, 'workspaceId' | 'sessionId'>) =>
  env.SESSION.getByName(sessionObjectName(caller.workspaceId, caller.sessionId)) as unknown as SessionRpc;

// ── the workspace ────────────────────────────────────────────────────────────────────────

export type AuthResult =
  | {
      ok: true;
      principal: Principal;
      /** How many more requests the token's rate window allows (credential-cache.ts). */
      allowance: { requests: number; windowStart: number };
    }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

export type PairResult =
  | { ok: true; token: string; tokenId: string; workspaceId: string }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** What SessionDO reads to decide: the workspace plan as written and its grants as stored. */
export interface WorkspacePolicy {
  version: number;
  permissions: PermissionsConfig | null;
  /** The step-up level in force: `stepUp.minRisk` once a passkey exists, else `off`. */
  stepUp: AttestationPayload['stepUp'];
  grants: GrantRecord[];
}

/**
 * An approver's "always allow", as SessionDO reports it. `input` is already a display copy.
 * Without `rules` it grants the exact call (`key`); with them, one workspace rule grant per rule.
 */
export interface GlobalGrantRequest {
  key: string;
  rules?: string[];
  /** Epoch ms: the grant's time box. */
  expiresAt?: number;
  tool: string;
  input: unknown;
  sessionId: string;
  interactionId: string;
  /** Token id of the approver who answered, when the caller knows it. */
  approvedBy?: string;
  /** The approver who answered: token id, label, role. */
  actor?: ActorRef;
}

export interface StoredPermissions {
  permissions: PermissionsConfig | null;
  policyVersion: number;
  updatedAt: string | null;
  /** The settings in force: those written, defaults for the rest. */
  delivery: DeliverySettings;
  suggestions: SuggestionSettings;
}

/** A passkey list before the relay signs it (the route signs, with the relay's key). */
export interface PasskeyListing {
  workspaceId: string;
  passkeys: PasskeyEntry[];
  stepUp: StepUpSetting;
}

/**
 * The WorkspaceDO's passkey methods (worker/passkeys/registry.ts). `requestUrl` is the URL the
 * ceremony's request came in by: with the workspace's paired extensions it fixes the RP ID and
 * the accepted origins (worker/passkeys/relying-party.ts).
 */
export interface PasskeysRpc {
  passkeyRegistrationOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>>;
  passkeyAssertionOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>>;
  registerPasskey(
    principal: Principal,
    request: PasskeyRegistration,
    requestUrl: string,
  ): Promise<Result<PasskeyEntry & { createdAt: string }>>;
  listPasskeys(): Promise<PasskeyListing>;
  renamePasskey(id: string, name: string): Promise<Result<PasskeyEntry>>;
  removePasskey(
    principal: Principal,
    id: string,
    assertion: AuthenticationResponse | undefined,
    requestUrl: string,
  ): Promise<Result<PasskeyEntry>>;
  /** A step-up approval's assertion, checked against `challenge` (the payload's hash). */
  verifyStepUp(
    assertion: AuthenticationResponse,
    challenge: string,
    requestUrl: string,
  ): Promise<Result<{ credentialId: string }>>;
}

/** `linkChat`'s input: the code the user sent, and who sent it from where. */
export interface ChatLinkRequest {
  provider: ChatService;
  code: string;
  userId: string;
  /** Where this user's questions go: Telegram the private chat id; Slack the user id (a DM is opened). */
  chatId: string;
}

export type ChatLinkResult =
  | { ok: true; workspaceId: string; linkId: string; approver: { tokenId: string; label: string | null } }
  | { ok: false; reason: 'malformed' | 'unknown' | 'used' | 'expired'; message: string };

/** The RPC methods of a WorkspaceDO (its `fetch` serves the inbox WebSocket). */
export interface WorkspaceRpc extends PasskeysRpc {
  authenticate(bearer: string, served?: ServedLocally): Promise<AuthResult>;
  issueTicket(principal: Principal): Promise<{ ticket: string; expiresAt: string }>;
  redeemTicket(ticket: string): Promise<AuthResult>;
  issueToken(request: { role: Role; label?: string | null }): Promise<IssuedToken>;
  listTokens(): Promise<TokenInfo[]>;
  revokeToken(id: string): Promise<TokenInfo | null>;
  createPairingCode(request: { origin: string; createdBy: string }): Promise<PairingCode>;
  pair(request: { code: string; clientIp: string; label?: string; origin?: string }): Promise<PairResult>;
  getPermissions(): Promise<StoredPermissions>;
  setPermissions(permissions: PermissionsConfig | null): Promise<StoredPermissions>;
  getPolicy(): Promise<WorkspacePolicy>;
  addGlobalGrant(grant: GlobalGrantRequest): Promise<void>;
  listGrants(): Promise<GlobalGrant[]>;
  removeGrant(id: string): Promise<boolean>;
  sessionChanged(view: SessionView): Promise<void>;
  listSessions(): Promise<SessionView[]>;
  inbox(): Promise<SessionView[]>;
  /** Web Push (worker/push/): an approver device's subscription, bound to its token. */
  addPushSubscription(tokenId: string, request: SubscriptionRequest): Promise<{ id: string }>;
  listPushSubscriptions(tokenId: string): Promise<SubscriptionInfo[]>;
  removePushSubscription(tokenId: string, id: string): Promise<boolean>;
  renamePushSubscription(tokenId: string, id: string, label: string): Promise<SubscriptionInfo | null>;
  testPush(tokenId: string): Promise<TestResult>;
  /** Delivery follows presence, and is known to arrive (docs/push.md). */
  reportPresence(tokenId: string, active: boolean): Promise<{ present: boolean }>;
  /** Learn from the approver (worker/workspace/learned.ts). */
  approvalRecorded(interaction: Interaction): Promise<void>;
  declineSuggestion(rule: string): Promise<void>;
  pushReceipt(tokenId: string, pushId: string): Promise<{ pushId: string; shownAt: string } | null>;
  /** Approvals in chat (worker/chat/port.ts, docs/chat.md). */
  createChatLinkCode(tokenId: string): Promise<ChatLinkCode>;
  linkChat(code: string, request: ChatLinkRequest): Promise<ChatLinkResult>;
  listChatLinks(tokenId: string | null): Promise<ChatLink[]>;
  removeChatLink(id: string, tokenId: string | null): Promise<boolean>;
  chatApprover(
    provider: ChatService,
    userId: string,
  ): Promise<{ tokenId: string; label: string | null; role: Role; policyVersion: number } | null>;
  chatSettled(): Promise<void>;
  fetch(request: Request): Promise<Response>;
}

/** A workspace's object, typed by `WorkspaceRpc`. */
export const workspaceStub = (env: Env, workspaceId: string) =>
  env.WORKSPACE.getByName(workspaceId) as unknown as WorkspaceRpc;
