import { DurableObject } from 'cloudflare:workers';
import { stepUpInForce } from '../../shared/attestation/index.ts';
import {
  type ActorRef,
  type AuthenticationResponse,
  type ChatLink,
  type ChatLinkCode,
  type GlobalGrant,
  type InboxMessage,
  type Interaction,
  type IssuedToken,
  limits,
  type PairingCode,
  type PasskeyRegistration,
  type PermissionsConfig,
  PresenceMessage,
  type Role,
  SessionView,
  type TokenInfo,
} from '../../shared/contract/index.ts';
import { sha256Hex } from '../../shared/digest/index.ts';
import { byUrgency, isPending } from '../../shared/inbox/index.ts';
import { ChatDelivery } from '../chat/delivery.ts';
import { ChatLinks, type LinkOwner } from '../chat/links.ts';
import type { ChatProviderName } from '../chat/port.ts';
import { chatProviders } from '../chat/providers.ts';
import { ChatStore } from '../chat/store.ts';
import type { ServedLocally } from '../common/credential-cache.ts';
import {
  bootstrapTokenId,
  defaultWorkspaceId,
  formatCredential,
  parseCredential,
} from '../common/credentials.ts';
import { displayText } from '../common/display.ts';
import { ruleGrantKey } from '../common/grant-keys.ts';
import {
  formatPairingCode,
  pairAttemptsPerIp,
  pairAttemptsPerWorkspace,
  pairingAlphabet,
  pairingCodeLength,
  pairingTtlMs,
} from '../common/pairing.ts';
import type { Principal } from '../common/principal.ts';
import { countHit, RequestWindows, requestsPerMinute, windowMs } from '../common/rate-limit.ts';
import { type Result, refuse } from '../common/result.ts';
import { matchesDigest, randomFrom, randomId, randomSecret, sameSecret } from '../common/secrets.ts';
import { type WorkspaceSettings, workspaceSettings } from '../common/settings.ts';
import { closeSocket } from '../common/sockets.ts';
import { InitGuard } from '../durable/init-guard.ts';
import { type PasskeyCaller, PasskeyRegistry } from '../passkeys/registry.ts';
import { isExtensionOrigin, relyingPartyOf } from '../passkeys/relying-party.ts';
import { PasskeyStore } from '../passkeys/store.ts';
import { deliveryOf } from '../push/delivery-view.ts';
import { Pusher, type TestResult } from '../push/pusher.ts';
import { PushStore } from '../push/store.ts';
import { type SubscriptionInfo, type SubscriptionRequest, subscriptionInfo } from '../push/subscription.ts';
import { vapidFromEnv } from '../push/vapid.ts';
import type {
  AuthResult,
  ChatLinkRequest,
  ChatLinkResult,
  GlobalGrantRequest,
  PairResult,
  PasskeyListing,
  StoredPermissions,
  WorkspacePolicy,
  WorkspaceRpc,
} from '../rpc.ts';
import { LearnedRules, suggestedRule } from './learned.ts';
import { httpClient, PresenceStore } from './presence.ts';
import { type TokenRow, WorkspaceStore } from './store.ts';

/** WebSocket tickets live 60 s: long enough to connect, too short to be worth stealing. */
export const ticketTtlMs = 60_000;
/** Sessions `GET /sessions` lists at most, most recently changed first. */
export const sessionListLimit = 200;
/** The bootstrap token is refused when shorter than this: a guessable admin secret fails closed. */
export const minimumAdminTokenLength = 16;

const iso = (ms: number) => new Date(ms).toISOString();
/** A digest no secret hashes to, compared when a token id is unknown so both paths cost the same. */
const absentDigest = '0'.repeat(64);

const tokenInfo = (row: TokenRow): TokenInfo => ({
  id: row.id,
  role: row.role,
  label: row.label,
  createdAt: iso(row.created_at),
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
});

/** Attachment of an inbox socket, kept across hibernation. */
interface InboxAttachment {
  principal: Principal;
  /** This socket as a presence client (worker/workspace/presence.ts). */
  client?: string;
}

/** A receipt as `POST /push/receipts` records it. */
export interface ReceiptResult {
  pushId: string;
  shownAt: string;
}

/** Header carrying the authenticated principal from the Worker to `fetch` (only the Worker can call it). */
export const principalHeader = 'x-gatehouse-principal';

/**
 * One approver's workspace: tokens, pairing codes, default permissions, global grants, the
 * index of its sessions and the inbox sockets. Its name is the workspace id.
 */
export class WorkspaceDO extends DurableObject<Env> implements WorkspaceRpc {
  readonly #store: WorkspaceStore;
  readonly #pushes: PushStore;
  readonly #push: Pusher;
  readonly #presence: PresenceStore;
  readonly #learned: LearnedRules;
  readonly #passkeys: PasskeyRegistry;
  readonly #chatStore: ChatStore;
  readonly #chatLinks: ChatLinks;
  readonly #chat: ChatDelivery;
  readonly #init: InitGuard;
  #lastHousekeeping = 0;
  /**
   * Bearer requests per token, counted in memory: authentication runs on every request, and a
   * storage write there would hold every answer until it is durable. Counts reset when the
   * object is evicted (see `RequestWindows`). A plain field, not `#private`, so a test can fill
   * a window; RPC exposes only the prototype's methods, never instance fields.
   */
  readonly requestWindows = new RequestWindows();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#store = new WorkspaceStore(ctx.storage);
    this.#pushes = new PushStore(ctx.storage);
    this.#presence = new PresenceStore(ctx.storage);
    this.#learned = new LearnedRules(ctx.storage);
    this.#passkeys = new PasskeyRegistry(new PasskeyStore(ctx.storage));
    this.#chatStore = new ChatStore(ctx.storage);
    this.#chatLinks = new ChatLinks(this.#chatStore, (tokenId) => this.#liveToken(tokenId));
    this.#chat = new ChatDelivery({
      env,
      store: this.#chatStore,
      providers: chatProviders(env),
      background: (work) => ctx.waitUntil(work),
    });
    this.#push = new Pusher({
      store: this.#pushes,
      vapid: vapidFromEnv(env),
      background: (work) => ctx.waitUntil(work),
      schedule: (at) => (at === null ? ctx.storage.deleteAlarm() : ctx.storage.setAlarm(at)),
      delivered: (sessionId) => this.#rebroadcast(sessionId),
    });
    this.#init = new InitGuard(ctx, () => this.#store.migrate());
    // Idle approvers ping; answering without waking the object keeps hibernation free.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** Every entry point passes here first: the schema is migrated once, before anything else runs. */
  #ensureInitialized(): Promise<void> {
    return this.#init.ready();
  }

  get #workspaceId(): string {
    const name = this.ctx.id.name;
    // Every stub is made with getByName(workspaceId); an unnamed id would be a bug, not a client error.
    if (!name) throw new Error('WorkspaceDO must be addressed by name');
    return name;
  }

  #policyVersion(): number {
    return Number(this.#store.getSetting('policy_version') ?? '0');
  }

  #bumpPolicyVersion(): number {
    const next = this.#policyVersion() + 1;
    this.#store.setSetting('policy_version', String(next));
    return next;
  }

  #housekeeping(now: number): void {
    if (now - this.#lastHousekeeping < windowMs) return;
    this.#lastHousekeeping = now;
    this.#store.pruneRateWindows(now - windowMs);
    this.requestWindows.prune(now - windowMs);
    this.#store.pruneTickets(now);
    this.#store.prunePairingCodes(now - 24 * 60 * 60_000);
  }

  /**
   * Counts this request against the token's rate window — after the requests the calling Worker
   * answered from its last check (`served`), in the window they were served in — and admits the
   * token, saying how many more requests the window allows, or refuses it over the limit.
   */
  #admit(
    tokenId: string,
    role: Role,
    now: number,
    served?: ServedLocally,
    label?: string | null,
  ): AuthResult {
    const key = `token:${tokenId}`;
    const limit = requestsPerMinute(this.env.GATEHOUSE_RATE_LIMIT_PER_MINUTE);
    const windowStart = now - (now % windowMs);
    const earlier = served?.windowStart === windowStart ? Math.floor(served.count) : 0;
    if (earlier > 0) this.requestWindows.hit(key, windowStart, earlier);
    const verdict = countHit(this.requestWindows, key, limit, now);
    if (!verdict.allowed) return { ok: false, reason: 'rate_limited', ...verdict };
    const requests = Math.max(0, limit - this.requestWindows.count(key, windowStart));
    return {
      ok: true,
      principal: this.#principal(tokenId, role, label ?? undefined),
      allowance: { requests, windowStart },
    };
  }

  #principal(tokenId: string, role: Role, label?: string): Principal {
    return {
      workspaceId: this.#workspaceId,
      tokenId,
      role,
      ...(label === undefined ? {} : { label }),
      policyVersion: this.#policyVersion(),
    };
  }

  // authentication

  /**
   * Checks a bearer token of this workspace (or the bootstrap admin token of `default`). `served`:
   * the requests the calling Worker answered from its last check of this token, counted first.
   */
  async authenticate(bearer: string, served?: ServedLocally): Promise<AuthResult> {
    await this.#ensureInitialized();
    const now = Date.now();
    this.#housekeeping(now);
    const parsed = parseCredential(bearer);
    if (parsed) {
      if (parsed.kind !== 'token' || parsed.workspaceId !== this.#workspaceId)
        return { ok: false, reason: 'invalid' };
      const row = this.#store.getToken(parsed.id);
      const matches = await matchesDigest(parsed.secret, row?.hash ?? absentDigest);
      // Re-read after the await: a revocation that landed meanwhile must win.
      const current = this.#store.getToken(parsed.id);
      if (!row || !matches || !current || current.revoked_at !== null)
        return { ok: false, reason: 'invalid' };
      return this.#admit(current.id, current.role, now, served, current.label);
    }
    if (this.#workspaceId !== defaultWorkspaceId) return { ok: false, reason: 'invalid' };
    const adminToken = this.env.GATEHOUSE_ADMIN_TOKEN ?? '';
    if (adminToken.length < minimumAdminTokenLength || !(await sameSecret(bearer, adminToken)))
      return { ok: false, reason: 'invalid' };
    return this.#admit(bootstrapTokenId, 'admin', now, served, 'bootstrap admin');
  }

  /** A single-use, 60-second ticket standing for `principal` on one WebSocket upgrade. */
  async issueTicket(principal: Principal): Promise<{ ticket: string; expiresAt: string }> {
    await this.#ensureInitialized();
    const id = randomId('wt-');
    const secret = randomSecret();
    const expiresAt = Date.now() + ticketTtlMs;
    this.#store.insertTicket({
      id,
      hash: await sha256Hex(secret),
      token_id: principal.tokenId,
      role: principal.role,
      expires_at: expiresAt,
    });
    return { ticket: formatCredential('ticket', this.#workspaceId, id, secret), expiresAt: iso(expiresAt) };
  }

  /** Spends a ticket: valid once, within its minute, while the token that asked for it is not revoked. */
  async redeemTicket(ticket: string): Promise<AuthResult> {
    await this.#ensureInitialized();
    const now = Date.now();
    const parsed = parseCredential(ticket);
    if (parsed?.kind !== 'ticket' || parsed.workspaceId !== this.#workspaceId)
      return { ok: false, reason: 'invalid' };
    // Taken before any await, so two concurrent uses cannot both find it.
    const row = this.#store.takeTicket(parsed.id);
    const matches = await matchesDigest(parsed.secret, row?.hash ?? absentDigest);
    if (!row || !matches || row.expires_at <= now) return { ok: false, reason: 'invalid' };
    let label: string | null = 'bootstrap admin';
    if (row.token_id !== bootstrapTokenId) {
      const token = this.#store.getToken(row.token_id);
      if (!token || token.revoked_at !== null) return { ok: false, reason: 'invalid' };
      label = token.label;
    }
    return this.#admit(row.token_id, row.role, now, undefined, label);
  }

  // tokens

  async issueToken(request: { role: Role; label?: string | null }): Promise<IssuedToken> {
    await this.#ensureInitialized();
    const id = randomId('tk-');
    const secret = randomSecret();
    const label = request.label ?? null;
    this.#store.insertToken({
      id,
      role: request.role,
      label,
      hash: await sha256Hex(secret),
      created_at: Date.now(),
      revoked_at: null,
    });
    return { id, role: request.role, label, token: formatCredential('token', this.#workspaceId, id, secret) };
  }

  async listTokens(): Promise<TokenInfo[]> {
    await this.#ensureInitialized();
    return this.#store.listTokens().map(tokenInfo);
  }

  /** Revokes a token at once: its tickets are dropped and its open inbox sockets closed. */
  async revokeToken(id: string): Promise<TokenInfo | null> {
    await this.#ensureInitialized();
    if (!this.#store.revokeToken(id, Date.now())) return null;
    this.#store.deleteTicketsOf(id);
    this.#pushes.deleteSubscriptionsOf(id);
    this.#chatStore.deleteLinksOf(id);
    this.#presence.forgetToken(id);
    for (const socket of this.ctx.getWebSockets(id)) {
      try {
        socket.close(4001, 'token revoked');
      } catch {
        // Already closing: nothing left to do.
      }
    }
    const row = this.#store.getToken(id);
    return row ? tokenInfo(row) : null;
  }

  // pairing

  async createPairingCode(request: { origin: string; createdBy: string }): Promise<PairingCode> {
    await this.#ensureInitialized();
    const now = Date.now();
    const code = randomFrom(pairingAlphabet, pairingCodeLength);
    const expiresAt = now + pairingTtlMs;
    this.#store.insertPairingCode({
      hash: await sha256Hex(code),
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      created_by: request.createdBy,
    });
    const full = formatPairingCode(this.#workspaceId, code);
    return {
      code: full,
      expiresAt: iso(expiresAt),
      url: `${request.origin}/app#pair=${encodeURIComponent(full)}`,
    };
  }

  /** Exchanges a pairing code (already split off its workspace) for an approver token. */
  async pair(request: {
    code: string;
    clientIp: string;
    label?: string;
    origin?: string;
  }): Promise<PairResult> {
    await this.#ensureInitialized();
    const now = Date.now();
    this.#housekeeping(now);
    for (const [key, limit] of [
      [`pair-ip:${request.clientIp}`, pairAttemptsPerIp],
      ['pair-workspace', pairAttemptsPerWorkspace],
    ] as const) {
      const verdict = countHit(this.#store, key, limit, now);
      if (!verdict.allowed) return { ok: false, reason: 'rate_limited', ...verdict };
    }
    const hash = await sha256Hex(request.code);
    const row = this.#store.getPairingCode(hash);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used' };
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    // The conditional update is the single-use guarantee, whatever ran since the read above.
    if (!this.#store.usePairingCode(hash, now)) return { ok: false, reason: 'used' };
    // The label is shown with every answer the device gives: redacted and bounded like any text.
    const label =
      request.label === undefined ? 'paired device' : displayText(request.label, limits.labelLength);
    const issued = await this.issueToken({ role: 'approver', label });
    // A paired extension's pages may hold passkey ceremonies (docs/attestation.md "Passkeys").
    if (isExtensionOrigin(request.origin))
      this.#passkeys.rememberPairedOrigin(request.origin, issued.id, now);
    return { ok: true, token: issued.token, tokenId: issued.id, workspaceId: this.#workspaceId };
  }

  // permissions and grants

  async getPermissions(): Promise<StoredPermissions> {
    await this.#ensureInitialized();
    const stored = this.#store.getSetting('permissions');
    const updatedAt = this.#store.getSetting('permissions_updated_at');
    const permissions = stored === null ? null : (JSON.parse(stored) as PermissionsConfig | null);
    const { delivery, suggestions } = workspaceSettings(permissions);
    return {
      permissions,
      policyVersion: this.#policyVersion(),
      updatedAt: updatedAt === null ? null : iso(Number(updatedAt)),
      delivery,
      suggestions,
    };
  }

  /** Stores the permissions exactly as written (already validated and compiled by the route). */
  async setPermissions(permissions: PermissionsConfig | null): Promise<StoredPermissions> {
    await this.#ensureInitialized();
    this.#store.setSetting('permissions', JSON.stringify(permissions));
    this.#store.setSetting('permissions_updated_at', String(Date.now()));
    this.#bumpPolicyVersion();
    return this.getPermissions();
  }

  async getPolicy(): Promise<WorkspacePolicy> {
    await this.#ensureInitialized();
    const { permissions, policyVersion } = await this.getPermissions();
    return {
      version: policyVersion,
      permissions,
      stepUp: stepUpInForce(workspaceSettings(permissions).stepUp, this.#passkeys.count()),
      grants: this.#store.grantRecords(),
    };
  }

  // passkeys (worker/passkeys/registry.ts)

  #passkeyCaller(principal: Principal): PasskeyCaller {
    return {
      tokenId: principal.tokenId,
      role: principal.role,
      label: principal.label,
      tokenCreatedAt: this.#store.getToken(principal.tokenId)?.created_at ?? null,
    };
  }

  #relyingParty(requestUrl: string) {
    return relyingPartyOf(this.env, requestUrl, this.#passkeys.pairedOrigins());
  }

  async passkeyRegistrationOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>> {
    await this.#ensureInitialized();
    const options = await this.#passkeys.registrationOptions(
      this.#passkeyCaller(principal),
      this.#relyingParty(requestUrl),
      Date.now(),
    );
    return { ok: true, value: options };
  }

  async passkeyAssertionOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>> {
    await this.#ensureInitialized();
    if (this.#passkeys.count() === 0) return refuse.conflict('this workspace has no passkey yet');
    const options = await this.#passkeys.managementOptions(
      this.#passkeyCaller(principal),
      this.#relyingParty(requestUrl),
      Date.now(),
    );
    return { ok: true, value: options };
  }

  async registerPasskey(principal: Principal, request: PasskeyRegistration, requestUrl: string) {
    await this.#ensureInitialized();
    const registered = await this.#passkeys.register(
      this.#passkeyCaller(principal),
      request,
      this.#relyingParty(requestUrl),
      Date.now(),
    );
    // The step-up level in force may change with the first passkey: sessions fetch the policy again.
    if (registered.ok) this.#bumpPolicyVersion();
    return registered;
  }

  async listPasskeys(): Promise<PasskeyListing> {
    await this.#ensureInitialized();
    const { permissions } = await this.getPermissions();
    return {
      workspaceId: this.#workspaceId,
      passkeys: this.#passkeys.list(),
      stepUp: workspaceSettings(permissions).stepUp,
    };
  }

  async renamePasskey(id: string, name: string) {
    await this.#ensureInitialized();
    return this.#passkeys.rename(id, name);
  }

  async removePasskey(
    principal: Principal,
    id: string,
    assertion: AuthenticationResponse | undefined,
    requestUrl: string,
  ) {
    await this.#ensureInitialized();
    const removed = await this.#passkeys.remove(
      this.#passkeyCaller(principal),
      id,
      assertion,
      this.#relyingParty(requestUrl),
      Date.now(),
    );
    if (removed.ok) this.#bumpPolicyVersion();
    return removed;
  }

  async verifyStepUp(assertion: AuthenticationResponse, challenge: string, requestUrl: string) {
    await this.#ensureInitialized();
    return this.#passkeys.verifyAssertion(assertion, challenge, this.#relyingParty(requestUrl), Date.now());
  }

  async addGlobalGrant(grant: GlobalGrantRequest): Promise<void> {
    await this.#ensureInitialized();
    const common = {
      tool: String(grant.tool),
      input: JSON.stringify(grant.input ?? null),
      session_id: String(grant.sessionId),
      interaction_id: String(grant.interactionId),
      approved_by: grant.approvedBy ?? null,
      actor: grant.actor === undefined ? null : JSON.stringify(grant.actor),
      created_at: Date.now(),
      expires_at: typeof grant.expiresAt === 'number' ? grant.expiresAt : null,
    };
    // A rule grant is one row per rule; the key column (NOT NULL UNIQUE) names the rule.
    const rows =
      grant.rules === undefined
        ? [{ ...common, id: randomId('gr-'), key: String(grant.key), kind: 'call' }]
        : grant.rules.map((rule) => ({
            ...common,
            id: randomId('gr-'),
            key: ruleGrantKey('global', rule),
            kind: 'rule',
            rule: String(rule),
          }));
    let inserted = false;
    for (const row of rows) inserted = this.#store.insertGrant(row) || inserted;
    if (inserted) this.#bumpPolicyVersion();
  }

  async listGrants(): Promise<GlobalGrant[]> {
    await this.#ensureInitialized();
    return this.#store.listGrants().map((row) => ({
      id: row.id,
      tool: row.tool,
      input: JSON.parse(row.input) as unknown,
      sessionId: row.session_id,
      interactionId: row.interaction_id,
      approvedBy:
        row.approved_by === null ? null : (this.#store.getToken(row.approved_by)?.label ?? row.approved_by),
      kind: row.kind === 'rule' ? 'rule' : 'call',
      rule: row.rule ?? null,
      scope: 'global',
      expiresAt: row.expires_at == null ? null : iso(row.expires_at),
      actor: row.actor == null ? null : (JSON.parse(row.actor) as ActorRef),
      createdAt: iso(row.created_at),
    }));
  }

  async removeGrant(id: string): Promise<boolean> {
    await this.#ensureInitialized();
    const removed = this.#store.deleteGrant(id);
    if (removed) this.#bumpPolicyVersion();
    return removed;
  }

  // sessions index and inbox

  /** SessionDO reports every state change; the index is updated and inbox sockets hear of it. */
  async sessionChanged(view: SessionView): Promise<void> {
    await this.#ensureInitialized();
    const parsed = SessionView.safeParse(view);
    if (!parsed.success) {
      // A SessionDO bug must not break that session's own flow: the inbox just does not change.
      console.error('sessionChanged: not a session view', parsed.error.issues);
      return;
    }
    const session = this.#withDelivery(parsed.data);
    const text = JSON.stringify(session);
    // Pushed before the index is written: a storage write holds every message sent after it until
    // the write is durable, and the session's own state is already committed in its object.
    this.#broadcastText(
      `{"type":"session","session":${text},"ts":${JSON.stringify(new Date().toISOString())}}`,
    );
    this.#store.upsertSession({
      session_id: session.sessionId,
      view: JSON.stringify(parsed.data),
      pending: isPending(session) ? 1 : 0,
      updated_at: Date.now(),
    });
    // Queued in this turn, sent after it: the session waits for this call, never for a push service.
    const now = Date.now();
    const settings = this.#settings();
    this.#chat.sessionChanged(this.#workspaceId, parsed.data, settings);
    this.ctx.waitUntil(
      this.#push
        .sessionChanged(
          session,
          {
            details: settings.pushDetails,
            delivery: settings.delivery,
            present: this.#presence.present(now),
          },
          now,
        )
        .catch((error) => console.error('push not queued', error)),
    );
  }

  /**
   * What the workspace adds to a view as it serves it (never stored with it): the active
   * question's push delivery, and the rule learned from its approvers.
   */
  #withDelivery(view: SessionView): SessionView {
    const active = view.activeInteraction;
    if (!active) return view;
    const delivery = deliveryOf(this.#pushes, active.interactionId);
    const learned = this.#learned.offer(active, this.#settings().suggestions.afterApprovals);
    return {
      ...view,
      ...(delivery ? { delivery } : {}),
      ...(learned ? { activeInteraction: { ...active, learned } } : {}),
    };
  }

  // Learn from the approver (worker/workspace/learned.ts)

  /** An approver approved this question (any scope): its suggested rule counts one more approval. */
  async approvalRecorded(interaction: Interaction): Promise<void> {
    await this.#ensureInitialized();
    const rule = suggestedRule(interaction);
    if (rule !== null) this.#learned.approved(rule);
  }

  /** `POST /suggestions/decline`: the rule is not offered again in this workspace. */
  async declineSuggestion(rule: string): Promise<void> {
    await this.#ensureInitialized();
    this.#learned.decline(rule);
  }

  /** A push went out or was shown: inbox sockets hear the session again, with its delivery. */
  #rebroadcast(sessionId: string): void {
    const row = this.#store.getSession(sessionId);
    if (!row) return;
    const view = this.#withDelivery(JSON.parse(row.view) as SessionView);
    this.#broadcastText(JSON.stringify({ type: 'session', session: view, ts: new Date().toISOString() }));
  }

  // Web Push (worker/push/)

  #settings(): WorkspaceSettings {
    const stored = this.#store.getSetting('permissions');
    return workspaceSettings(stored === null ? null : (JSON.parse(stored) as PermissionsConfig | null));
  }

  /** `POST /presence`: a client without an inbox socket (e.g. a page of /app) reports activity. */
  async reportPresence(tokenId: string, active: boolean): Promise<{ present: boolean }> {
    await this.#ensureInitialized();
    const now = Date.now();
    this.#presence.report(httpClient(tokenId), tokenId, active, now);
    return { present: this.#presence.present(now) };
  }

  /**
   * `POST /push/receipts`: a device's service worker showed a push. Only the token whose device
   * the push went to may acknowledge it; any other pushId is unknown (null → 404).
   */
  async pushReceipt(tokenId: string, pushId: string): Promise<ReceiptResult | null> {
    await this.#ensureInitialized();
    const send = this.#pushes.send(pushId);
    const subscription = send ? this.#pushes.subscription(send.subscription_id) : null;
    if (!send || !subscription || subscription.token_id !== tokenId) return null;
    const now = Date.now();
    this.#pushes.shown(send, now);
    this.#rebroadcast(send.session_id);
    const recorded = this.#pushes.send(pushId);
    return { pushId, shownAt: iso(recorded?.shown_at ?? now) };
  }

  async addPushSubscription(tokenId: string, request: SubscriptionRequest): Promise<{ id: string }> {
    await this.#ensureInitialized();
    return { id: await this.#push.subscribe(tokenId, request, Date.now()) };
  }

  async listPushSubscriptions(tokenId: string): Promise<SubscriptionInfo[]> {
    await this.#ensureInitialized();
    return this.#pushes.subscriptionsOf(tokenId).map(subscriptionInfo);
  }

  /** `PATCH /push/subscriptions/{id}`: the device's new name; null when `tokenId` has no such device. */
  async renamePushSubscription(tokenId: string, id: string, label: string): Promise<SubscriptionInfo | null> {
    await this.#ensureInitialized();
    if (!this.#pushes.renameSubscription(id, tokenId, label)) return null;
    const row = this.#pushes.subscription(id);
    return row ? subscriptionInfo(row) : null;
  }

  async removePushSubscription(tokenId: string, id: string): Promise<boolean> {
    await this.#ensureInitialized();
    return this.#pushes.deleteSubscription(id, tokenId);
  }

  async testPush(tokenId: string): Promise<TestResult> {
    await this.#ensureInitialized();
    return this.#push.test(tokenId, Date.now());
  }

  // Approvals in chat (worker/chat/, docs/chat.md)

  /** A token that may answer (not revoked, not an agent's), as a chat link names it; null otherwise. */
  #liveToken(tokenId: string): LinkOwner | null {
    if (tokenId === bootstrapTokenId) return { tokenId, label: 'bootstrap admin', role: 'admin' };
    const row = this.#store.getToken(tokenId);
    if (!row || row.revoked_at !== null || row.role === 'agent') return null;
    return { tokenId, label: row.label, role: row.role };
  }

  /** `POST /chat/link-codes`: a one-use, ten-minute code linking a chat user to this approver token. */
  async createChatLinkCode(tokenId: string): Promise<ChatLinkCode> {
    await this.#ensureInitialized();
    return this.#chatLinks.createCode(this.#workspaceId, tokenId, Date.now());
  }

  /** A chat user sent a code of this workspace (`code` already split off the workspace id). */
  async linkChat(code: string, request: ChatLinkRequest): Promise<ChatLinkResult> {
    await this.#ensureInitialized();
    const now = Date.now();
    const verdict = countHit(this.#store, 'chat-link', pairAttemptsPerWorkspace, now);
    if (!verdict.allowed)
      return { ok: false, reason: 'unknown', message: 'Too many link attempts: try again in a minute.' };
    return this.#chatLinks.consume(this.#workspaceId, code, request, now);
  }

  /** `GET /chat/links`: an admin sees every link (`tokenId` null), an approver their own. */
  async listChatLinks(tokenId: string | null): Promise<ChatLink[]> {
    await this.#ensureInitialized();
    return this.#chatLinks.list(tokenId);
  }

  async removeChatLink(id: string, tokenId: string | null): Promise<boolean> {
    await this.#ensureInitialized();
    return this.#chatLinks.remove(id, tokenId);
  }

  /** Whom a chat user answers as in this workspace, with the policy version a caller carries. */
  async chatApprover(
    provider: ChatProviderName,
    userId: string,
  ): Promise<(LinkOwner & { policyVersion: number }) | null> {
    await this.#ensureInitialized();
    const owner = this.#chatLinks.approverOf(provider, userId);
    return owner ? { ...owner, policyVersion: this.#policyVersion() } : null;
  }

  /** For tests: resolves once every chat message queued so far was posted or edited. */
  async chatSettled(): Promise<void> {
    await this.#ensureInitialized();
    await this.#chat.settled();
  }

  /** Pushes a push service did not take the first time are retried from here. */
  override async alarm(): Promise<void> {
    await this.#ensureInitialized();
    await this.#push.deliverDue();
  }

  async listSessions(): Promise<SessionView[]> {
    await this.#ensureInitialized();
    return this.#store.recentSessions(sessionListLimit).map((row) => JSON.parse(row.view) as SessionView);
  }

  async inbox(): Promise<SessionView[]> {
    await this.#ensureInitialized();
    return byUrgency(
      this.#store.pendingSessions().map((row) => this.#withDelivery(JSON.parse(row.view) as SessionView)),
    );
  }

  /** Sends one `InboxMessage`, already serialised, to every open inbox socket. */
  #broadcastText(text: string): void {
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
      } catch {
        // A socket closing under us hears nothing more; its close handler cleans up.
      }
    }
  }

  /** The inbox WebSocket. Only the Worker reaches this, after authenticating the approver. */
  override async fetch(request: Request): Promise<Response> {
    await this.#ensureInitialized();
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return new Response('expected a WebSocket upgrade', { status: 426 });
    const principal = JSON.parse(request.headers.get(principalHeader) ?? 'null') as Principal | null;
    if (!principal || principal.workspaceId !== this.#workspaceId)
      return new Response('forbidden', { status: 403 });
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged with the token id, so revoking the token finds and closes its sockets.
    this.ctx.acceptWebSocket(server, [principal.tokenId]);
    server.serializeAttachment({ principal, client: randomId('pc-') } satisfies InboxAttachment);
    const snapshot: InboxMessage = {
      type: 'snapshot',
      sessions: await this.inbox(),
      ts: new Date().toISOString(),
    };
    server.send(JSON.stringify(snapshot));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Approvers mostly listen: `snapshot` asks for a fresh one; `{"type":"presence","active":…}`
   * reports whether the approver is at this client (docs/push.md); anything else is ignored.
   */
  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    await this.#ensureInitialized();
    if (typeof message === 'string' && message.startsWith('{')) {
      this.#presenceReport(socket, message);
      return;
    }
    if (message !== 'snapshot') return;
    const snapshot: InboxMessage = {
      type: 'snapshot',
      sessions: await this.inbox(),
      ts: new Date().toISOString(),
    };
    socket.send(JSON.stringify(snapshot));
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    await this.#ensureInitialized();
    this.#forgetSocket(socket);
    closeSocket(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.#ensureInitialized();
    this.#forgetSocket(socket);
    closeSocket(socket, 1011, 'error');
  }

  #presenceReport(socket: WebSocket, message: string): void {
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return;
    }
    const report = PresenceMessage.safeParse(json);
    const attachment = socket.deserializeAttachment() as InboxAttachment | null;
    if (!report.success || !attachment?.client) return;
    // A client that holds a socket speaks through it: the report its token made over HTTP before
    // the socket opened (worker/workspace/presence.ts) is replaced by this one.
    this.#presence.forget(httpClient(attachment.principal.tokenId));
    this.#presence.report(attachment.client, attachment.principal.tokenId, report.data.active, Date.now());
  }

  /** A closed socket's client is present no more. */
  #forgetSocket(socket: WebSocket): void {
    const attachment = socket.deserializeAttachment() as InboxAttachment | null;
    if (attachment?.client) this.#presence.forget(attachment.client);
  }
}
