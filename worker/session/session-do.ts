import { DurableObject } from 'cloudflare:workers';
import { approvalKey } from '../../shared/approval-key/index.ts';
import { needsPasskey, stepUpChallenge } from '../../shared/attestation/index.ts';
import {
  type AttestationPayload,
  type AuditLog,
  type EngineToolCall,
  type Interaction,
  type InteractionAnswer,
  type InteractionRespondRequest,
  limits,
  type SessionDeclaration,
  type SessionEvent,
  type SessionGrant,
  type SessionView,
  type StepUpOptionsRequest,
  type ToolCallResultRequest,
  type ToolCallState,
  type ToolPermissionResolution,
} from '../../shared/contract/index.ts';
import { type EditedOutcome, reevaluateEdited } from '../../shared/engine/index.ts';
import { toDisplayCopy } from '../../shared/redact/index.ts';
import { AttestationSigner } from '../attestation/signer.ts';
import { displayDecision, displayDeclaration, displayText } from '../common/display.ts';
import { errorBody } from '../common/errors.ts';
import { ruleGrantKey } from '../common/grant-keys.ts';
import { ok, type Result, refuse } from '../common/result.ts';
import { closeSocket } from '../common/sockets.ts';
import { InitGuard } from '../durable/init-guard.ts';
import { relyingPartyOf } from '../passkeys/relying-party.ts';
import { attestedAssertion, passkeyMissing, stepUpRequestOptions } from '../passkeys/step-up.ts';
import type {
  DeclarationWording,
  HookResult,
  HookSubmission,
  SessionCaller,
  SessionRpc,
  ToolCallSubmission,
} from '../rpc.ts';
import { canceledResolution, displayOutput, userResolution } from './actions.ts';
import { editedDenial, editRefusal, type GrantTerms, grantTerms, keptCall, withTerms } from './answer.ts';
import { Attestations } from './attestations.ts';
import { actorOf, callerHeader } from './caller.ts';
import { Commit } from './commit.ts';
import type { MetaChange } from './declaration.ts';
import { applyDeclaration, applyGrantRequested, applyModeSelection, implicitMeta } from './declaration.ts';
import {
  decisionContext,
  type EvaluationSource,
  evaluateCall,
  failClosedDecision,
  unsavedDenial,
} from './evaluation.ts';
import { GrantDelivery } from './grant-delivery.ts';
import { expireDue, newInteractionId, openInteraction, resolveInteraction } from './lifecycle.ts';
import { modeInForce } from './modes.ts';
import { Notifier } from './notifier.ts';
import { answerOffer } from './offer.ts';
import { Orphans, orphanGraceMs } from './orphans.ts';
import { missingSession, ownerOf, sessionAccess } from './ownership.ts';
import { PolicyCache } from './policy.ts';
import type { InteractionRecord, SessionMeta, ToolCallRecord } from './records.ts';
import { StepUpStore } from './step-up-store.ts';
import { SessionStore } from './storage.ts';
import { EventHub } from './streams.ts';
import { interactionView, sessionGrantView, sessionView, toolCallState } from './views.ts';
import { type WaitEnd, Waiters } from './waiters.ts';

const replayPage = 500;

/** The agent a hook's session is named by when it declared none. */
const claudeCodeAgent = 'claude-code';

/** A missing session's refusal, which an agent token also gets for a session not its own. */
const missing = (caller: SessionCaller) => missingSession(caller.sessionId);

/**
 * One agent session (DESIGN §2, §6): its plan and mode, its tool calls, at most one active
 * interaction with a FIFO queue behind it, its grants and its event log. Single-threaded: every
 * check-then-write below is synchronous, so concurrent answers cannot both win.
 */
export class SessionDO extends DurableObject<Env> implements SessionRpc {
  readonly #init: InitGuard;
  readonly #store: SessionStore;
  readonly #hub: EventHub;
  readonly #waiters = new Waiters();
  /** Questions whose waiting client went away, withdrawn unless someone waits again in time. */
  readonly #orphans = new Orphans(orphanGraceMs);
  readonly #policy: PolicyCache;
  readonly #notifier: Notifier;
  /** Notifications and alarm updates started by commits; answers wait for them. */
  readonly #inFlight = new Set<Promise<void>>();
  readonly #grants: GrantDelivery;
  readonly #attestations: Attestations;
  readonly #stepUps: StepUpStore;
  #workspaceId: string | null = null;
  /**
   * The clock grants are judged by (time boxes, an answer's `expires_at`). A plain field, not
   * `#private`, so a test can move it; RPC exposes only the prototype's methods.
   */
  clock: () => number = () => Date.now();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#store = new SessionStore(ctx.storage);
    this.#init = new InitGuard(ctx, () => {
      this.#store.migrate();
      // Answered by the runtime without waking the object: idle sockets cost nothing.
      ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
      this.#workspaceId = this.#store.meta()?.workspaceId ?? null;
    });
    this.#hub = new EventHub(ctx);
    this.#policy = new PolicyCache(() => this.#workspace().getPolicy());
    this.#notifier = new Notifier(() => this.#sendView());
    this.#grants = new GrantDelivery({
      store: this.#store,
      send: (grant) => this.#workspace().addGlobalGrant(grant),
      delivered: () => this.#policy.invalidate(),
    });
    this.#attestations = new Attestations({
      signer: new AttestationSigner(env),
      store: this.#store,
      commit: (work) => this.#commit(work),
      issuer: env.GATEHOUSE_PUBLIC_URL?.replace(/\/+$/, '') || 'urn:gatehouse:relay',
      stepUp: () => this.#policy.cached?.stepUp ?? 'off',
    });
    this.#stepUps = new StepUpStore(ctx.storage);
  }

  // ── entry guard ─────────────────────────────────────────────────────────────────────────

  /** Every entry point passes here first: schema migrated, auto-response set, identity known. */
  #ensureInitialized(): Promise<void> {
    return this.#init.ready();
  }

  /** Initialises, checks the caller may see this very session, and expires what is overdue. */
  async #enter(caller: SessionCaller): Promise<Result<SessionMeta | null>> {
    await this.#ensureInitialized();
    const admitted = this.#admit(caller);
    if (!admitted.ok) return admitted;
    this.#workspaceId ??= caller.workspaceId;
    if (!admitted.value) return ok(null);
    this.#expireOverdue();
    return ok(this.#store.meta());
  }

  async #enterExisting(caller: SessionCaller): Promise<Result<SessionMeta>> {
    const entered = await this.#enter(caller);
    if (!entered.ok) return entered;
    if (!entered.value) return missing(caller);
    return ok(entered.value);
  }

  /**
   * Is the stored session (if any) this caller's to reach? The right workspace and id, and for an
   * agent token its own session — or one no agent token owns yet, which it claims here. An owner
   * never changes once set, so a session that exists on entry stays admitted; the routes that
   * create a session call this again after each `await`, since another agent token may have
   * created it meanwhile. Synchronous, so what it found holds until the caller's next `await`.
   */
  #admit(caller: SessionCaller): Result<SessionMeta | null> {
    const meta = this.#store.meta();
    if (!meta) return ok(null);
    if (meta.workspaceId !== caller.workspaceId || meta.sessionId !== caller.sessionId)
      return missing(caller);
    const access = sessionAccess(this.#store.owner(), caller);
    if (access.kind === 'hidden') return missing(caller);
    if (access.kind === 'claim') {
      this.#commit((commit) => {
        this.#store.claimOwner(access.owner);
        // The session list and the detail show the owner.
        commit.viewChanged = true;
      });
    }
    return ok(meta);
  }

  /** Inside the commit that creates or declares a session: an agent caller becomes its owner, if it has none. */
  #claimFor(caller: SessionCaller): void {
    const owner = ownerOf(caller);
    if (owner) this.#store.claimOwner(owner);
  }

  // ── commits and what follows them ───────────────────────────────────────────────────────

  #commit<T>(work: (commit: Commit) => T): T {
    const commit = new Commit(this.#store, Date.now());
    const value = this.#store.transaction(() => {
      const result = work(commit);
      if (commit.viewChanged) this.#store.touch(commit.now);
      return result;
    });
    for (const event of commit.events) this.#hub.publish(event);
    for (const toolCallId of commit.resolved) this.#wakeWaitingAgents(toolCallId);
    // The inbox first: the push is what a human is waiting for; the alarm is storage only.
    if (commit.viewChanged) this.#track(this.#notifier.notify());
    if (commit.scheduleChanged) this.#track(this.#reschedule());
    return value;
  }

  /**
   * The one step that ends an agent's wait: after the commit that resolved its call, every held
   * request for it (POST with `wait`, GET, a hook) wakes and reads the resolution as stored.
   */
  #wakeWaitingAgents(toolCallId: string): void {
    this.#waiters.wake(toolCallId);
    // A timeout or a withdrawal is signed after its commit; an answer already was.
    this.#track(this.#attestations.ensure(toolCallId));
  }

  #track(promise: Promise<void>): void {
    this.#inFlight.add(promise);
    void promise.finally(() => this.#inFlight.delete(promise));
  }

  /** Answers go out after the inbox heard of the change and the alarm moved. */
  async #settled(): Promise<void> {
    await Promise.all([...this.#inFlight]);
  }

  #reschedule(): Promise<void> {
    const due = [
      this.#store.activeInteraction()?.expiresAt ?? null,
      this.#store.nextGlobalGrantAttempt(),
    ].filter((at): at is number => at !== null);
    return this.#store
      .setAlarm(due.length > 0 ? Math.min(...due) : null)
      .catch((error) => console.error('could not schedule the session alarm', error));
  }

  /** An expired interaction is expired now, even when its alarm has not run yet: the clock decides. */
  #expireOverdue(): void {
    const active = this.#store.activeInteraction();
    if (!active || active.expiresAt === null || active.expiresAt > Date.now()) return;
    this.#commit((commit) => expireDue(commit));
  }

  #workspace() {
    if (this.#workspaceId === null) throw new Error('session has no workspace yet');
    return this.env.WORKSPACE.getByName(this.#workspaceId);
  }

  async #sendView(): Promise<void> {
    const meta = this.#store.meta();
    if (!meta) return;
    await this.#workspace().sessionChanged(sessionView(this.#store, meta));
  }

  /** Sends due "always allow" grants to the workspace, then moves the alarm to the next retry. */
  async #deliverGlobalGrants(): Promise<void> {
    await this.#grants.deliver();
    await this.#reschedule();
  }

  // ── tool calls ──────────────────────────────────────────────────────────────────────────

  #evaluationSource(caller: SessionCaller): EvaluationSource {
    return {
      policy: this.#policy,
      policyVersion: caller.policyVersion,
      meta: () => this.#store.meta(),
      sessionGrants: () => this.#store.grants(),
      now: this.clock,
    };
  }

  #state(toolCallId: string): ToolCallState {
    const call = this.#store.toolCall(toolCallId);
    if (!call) throw new Error(`tool call ${toolCallId} vanished`);
    return toolCallState(this.#store, call);
  }

  /**
   * The call's state, after holding on up to `waitSeconds` for a pending one to be resolved. A
   * call resolved while its agent waited is answered at once: the resolution is committed (the
   * runtime holds the answer until that write is durable), and telling the inbox about it and
   * about the next question goes on behind the answer, in order (`Notifier`). Every other answer
   * goes out once the inbox heard of the changes made so far.
   */
  async #stateAfterWait(toolCallId: string, waitSeconds: number, waitId?: string): Promise<ToolCallState> {
    return (await this.#waitFor(toolCallId, waitSeconds, waitId)).state;
  }

  /** `#stateAfterWait`, saying also how the wait ended (a hook withdraws on `timeout` only). */
  async #waitFor(
    toolCallId: string,
    waitSeconds: number,
    waitId?: string,
  ): Promise<{ state: ToolCallState; end: WaitEnd }> {
    let end: WaitEnd = 'timeout';
    if (waitSeconds > 0 && this.#state(toolCallId).outcome === 'pending') {
      // Someone waits on the question again: it is no orphan.
      this.#orphans.keep(toolCallId);
      end = await this.#waiters.wait(toolCallId, Math.min(waitSeconds, limits.waitSeconds) * 1000, waitId);
      this.#expireOverdue();
      if (this.#state(toolCallId).outcome !== 'pending') {
        await this.#attestations.ensure(toolCallId);
        return { state: this.#state(toolCallId), end };
      }
    }
    await this.#settled();
    await this.#attestations.ensure(toolCallId);
    return { state: this.#state(toolCallId), end };
  }

  async #resubmitted(
    earlier: ToolCallRecord,
    request: ToolCallSubmission,
    key: string,
    waitSeconds: number,
    waitId?: string,
  ): Promise<Result<ToolCallState>> {
    if (earlier.tool !== request.tool || earlier.approvalKey !== key) {
      return refuse.conflict(
        `tool call "${earlier.id}" was already submitted with a different tool or input`,
        toolCallState(this.#store, earlier),
      );
    }
    return ok(await this.#stateAfterWait(earlier.id, waitSeconds, waitId));
  }

  /** `POST /sessions/{sid}/tool-calls`: evaluate (idempotent by `tool_call_id`), ask if need be, wait. */
  async submitToolCall(
    caller: SessionCaller,
    request: ToolCallSubmission,
    waitSeconds = 0,
    waitId?: string,
    proposedRules: readonly string[] = [],
  ): Promise<Result<ToolCallState>> {
    const entered = await this.#enter(caller);
    if (!entered.ok) return entered;
    const call: EngineToolCall = {
      toolCallId: request.tool_call_id,
      tool: request.tool,
      input: request.input,
      ...(request.capability === undefined ? {} : { capability: request.capability }),
      ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
    };
    let key: string;
    try {
      key = await approvalKey(call.tool, call.input);
    } catch (error) {
      console.error('approval key failed; denying', error);
      return ok(unsavedDenial(call, 'The relay could not fingerprint this call, so it is denied.'));
    }
    // Awaited: another agent token may have created this session meanwhile.
    const admitted = this.#admit(caller);
    if (!admitted.ok) return admitted;
    const earlier = this.#store.toolCall(call.toolCallId);
    if (earlier) return this.#resubmitted(earlier, request, key, waitSeconds, waitId);

    const evaluation = await evaluateCall({ ...this.#evaluationSource(caller), call, approvalKey: key });
    // An allow or deny is signed now, so it is stored and logged with its attestation; an allow
    // the relay cannot sign is denied (fail closed).
    let attestation: string | null = null;
    if (evaluation.decision.behavior !== 'ask') {
      try {
        attestation = await this.#attestations.decision(
          caller,
          { id: call.toolCallId, tool: call.tool, approvalKey: key },
          { ...evaluation.decision, behavior: evaluation.decision.behavior },
          Date.now(),
        );
      } catch (error) {
        console.error('could not sign a decision; an allow is denied', error);
        if (evaluation.decision.behavior === 'allow')
          evaluation.decision = failClosedDecision(
            call.toolCallId,
            'The relay could not sign its answer, so it is denied.',
          );
      }
    }
    // The evaluation awaited: the session may have been created, and a duplicate of this call
    // stored, meanwhile.
    const readmitted = this.#admit(caller);
    if (!readmitted.ok) return readmitted;
    const raced = this.#store.toolCall(call.toolCallId);
    if (raced) return this.#resubmitted(raced, request, key, waitSeconds, waitId);
    this.#expireOverdue();
    const decision = displayDecision(evaluation.decision);
    const ask = decision.behavior === 'ask';
    if (ask && this.#store.activeInteraction() && this.#store.queueLength() >= limits.queueLength) {
      return refuse.rateLimited(
        `this session already has ${limits.queueLength} questions waiting behind the active one; answer some first`,
      );
    }
    const input = toDisplayCopy(call.input);
    const record: ToolCallRecord = {
      id: call.toolCallId,
      tool: call.tool,
      input,
      approvalKey: key,
      capability: call.capability ?? null,
      cwd: call.cwd === undefined ? null : displayText(call.cwd, limits.cwdLength),
      decision,
      interactionId: ask ? newInteractionId() : null,
      resolution: null,
      result: null,
      createdAt: Date.now(),
      // Only now is the real input at hand: what the approver may save or edit is decided here.
      offer: ask ? answerOffer(call, input, proposedRules, evaluation.facts) : null,
      // The request it names, if the session knows it; else the user's latest.
      promptId:
        (request.prompt_id ? this.#store.prompt(request.prompt_id)?.id : undefined) ??
        this.#store.latestPrompt()?.id ??
        null,
      issuer: caller.issuer ?? null,
      attestation,
    };
    let created = false;
    try {
      this.#commit((commit) => {
        if (!this.#store.meta()) {
          // A session the agent never declared exists from its first tool call on.
          const engineMode = modeInForce(
            evaluation.plan?.mode ?? 'default',
            evaluation.plan?.allowedModes ?? null,
          );
          this.#store.saveMeta(implicitMeta(caller, engineMode, commit.now));
          this.#claimFor(caller);
          // A new session is news for the workspace's session list.
          created = true;
          commit.viewChanged = true;
        }
        this.#store.insertToolCall(record);
        // A call after SessionEnd is a resumed session (`claude --resume` keeps the id): running again.
        if (this.#store.setEnded(null)) commit.viewChanged = true;
        commit.emit('TOOL_CALL_START', {
          toolCallId: record.id,
          tool: record.tool,
          input: record.input,
          ...(record.capability === null ? {} : { capability: record.capability }),
          ...(record.cwd === null ? {} : { cwd: record.cwd }),
        });
        commit.emit('tool_permission_decision', decision);
        if (attestation !== null && decision.behavior !== 'ask')
          commit.emit('tool_call_attested', {
            toolCallId: record.id,
            outcome: decision.behavior,
            attestation,
          });
        // An ask changes what the inbox shows; an allow or deny changes nothing an approver sees
        // (the log, which the streams and audit read, is written either way).
        if (ask)
          openInteraction(
            commit,
            record,
            evaluation.timeoutSeconds,
            this.#store.meta()?.authority.requested ?? null,
            record.promptId ? this.#store.prompt(record.promptId) : null,
          );
      });
    } catch (error) {
      console.error('could not store the tool call; denying', error);
      return ok(unsavedDenial(call, 'The relay could not record this call, so it is denied.'));
    }
    if (ask) return ok(await this.#stateAfterWait(record.id, waitSeconds, waitId));
    // Final already, and just written: answered from the record, not read back.
    if (created) await this.#settled();
    return ok(toolCallState(this.#store, record));
  }

  /** `GET /sessions/{sid}/tool-calls/{tcid}?wait=N`. */
  async getToolCall(
    caller: SessionCaller,
    toolCallId: string,
    waitSeconds = 0,
    waitId?: string,
  ): Promise<Result<ToolCallState>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    if (!this.#store.toolCall(toolCallId)) return refuse.notFound(`tool call "${toolCallId}" not found`);
    return ok(await this.#stateAfterWait(toolCallId, waitSeconds, waitId));
  }

  /**
   * The Worker saw the client of wait `waitId` go away. That wait ends; when
   * nobody else waits on the call, its question is withdrawn after `orphanGraceMs` unless a
   * client waits on it again first (a long-poll client's immediate re-poll).
   */
  async clientLeft(caller: SessionCaller, toolCallId: string, waitId: string): Promise<Result<null>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    this.#waiters.leave(toolCallId, waitId);
    if (this.#waiters.waiting(toolCallId) === 0) {
      this.#orphans.schedule(toolCallId, () => {
        if (this.#waiters.waiting(toolCallId) === 0) this.#withdraw(toolCallId);
      });
    }
    return ok(null);
  }

  /** Withdraws a call's open question (resolution `cancel`; the next queued one activates). */
  #withdraw(toolCallId: string): boolean {
    const call = this.#store.toolCall(toolCallId);
    const interaction = call?.interactionId ? this.#store.interaction(call.interactionId) : null;
    if (!interaction || interaction.state === 'resolved') return false;
    this.#commit((commit) =>
      resolveInteraction(
        commit,
        interaction,
        canceledResolution({ toolCallId, interactionId: interaction.id }),
      ),
    );
    return true;
  }

  /**
   * A Claude Code hook's tool call in one RPC: Claude Code's mode and the
   * session's title, the evaluation, the wait for a human and — when the wait runs out with the
   * question open — its withdrawal, since nobody waits for that answer any more and the calls
   * queued behind it should not wait for its expiry. A wait that ends because the client left
   * withdraws nothing at once: `clientLeft` gives it its grace.
   */
  async hookToolCall(
    caller: SessionCaller,
    hook: HookSubmission,
    waitSeconds: number,
    waitId?: string,
  ): Promise<Result<HookResult>> {
    const entered = await this.#enter(caller);
    if (!entered.ok) return entered;
    const declared = await this.#declareForHook(caller, hook);
    if (!declared.ok && declared.status !== 403) return declared;
    const submitted = await this.submitToolCall(caller, hook.call, 0, undefined, hook.proposedRules ?? []);
    if (!submitted.ok) return submitted;
    let state = submitted.value;
    let end: WaitEnd = 'timeout';
    if (state.outcome === 'pending' && waitSeconds > 0) {
      ({ state, end } = await this.#waitFor(state.toolCallId, waitSeconds, waitId));
    }
    const withdrawn = state.outcome === 'pending' && end === 'timeout' && this.#withdraw(state.toolCallId);
    if (withdrawn) {
      await this.#settled();
      await this.#attestations.ensure(state.toolCallId);
      state = this.#state(state.toolCallId);
    }
    const meta = this.#store.meta();
    return ok({
      state,
      withdrawn,
      left: end === 'left',
      modeRefusal: declared.ok ? null : declared.message,
      requested: meta?.authority.requested ?? null,
      engineMode: meta?.engineMode ?? 'default',
    });
  }

  /**
   * What a hook declares before its call: Claude Code's mode (the agent's choice), and for a
   * session without them a title from `cwd` and the agent `claude-code`. Written only when it
   * changes something, so the hook's hot path commits nothing for a repeated mode.
   */
  async #declareForHook(
    caller: SessionCaller,
    hook: Pick<HookSubmission, 'mode' | 'title'>,
  ): Promise<Result<null>> {
    const before = this.#store.meta();
    const declaration: SessionDeclaration = {
      ...(hook.mode ? { mode: hook.mode.mode } : {}),
      ...(before?.title || hook.title === null ? {} : { title: hook.title }),
      ...(before?.agent ? {} : { agent: claudeCodeAgent }),
    };
    if (Object.keys(declaration).length === 0) return ok(null);
    const snapshot = await this.#policy.snapshot(caller.policyVersion);
    // Awaited: another agent token may have created this session meanwhile.
    const admitted = this.#admit(caller);
    if (!admitted.ok) return admitted;
    const existing = this.#store.meta();
    const change = applyDeclaration({
      existing,
      declaration: displayDeclaration(declaration),
      caller,
      workspacePlan: snapshot.workspacePlan,
      now: Date.now(),
      wording: { agentName: 'Claude Code', ...(hook.mode ? { modeName: hook.mode.name } : {}) },
    });
    if (!change.ok) return change;
    const { meta, updated, modeChanged } = change.value;
    const authorityMoved = JSON.stringify(meta.authority) !== JSON.stringify(existing?.authority);
    if (existing === null || updated || modeChanged || authorityMoved) {
      this.#commit((commit) => {
        this.#store.saveMeta(meta);
        this.#claimFor(caller);
        if (updated) commit.emit('session_updated', updated);
        if (modeChanged) commit.emit('mode_changed', modeChanged);
        commit.viewChanged = true;
      });
    }
    return ok(null);
  }

  /**
   * Claude Code's UserPromptSubmit: the user's request, redacted and bounded, recorded once by its
   * id (a `user_prompt` event); the questions that follow carry it. Creates the session, titled
   * from `cwd`, when this is its first hook.
   */
  async recordPrompt(
    caller: SessionCaller,
    prompt: { id: string; text: string },
    title: string | null,
  ): Promise<Result<null>> {
    const entered = await this.#enter(caller);
    if (!entered.ok) return entered;
    const declared = await this.#declareForHook(caller, { mode: null, title });
    if (!declared.ok) return declared;
    const shown = { id: prompt.id, text: displayText(prompt.text, limits.promptLength) };
    this.#commit((commit) => {
      if (this.#store.insertPrompt(shown, commit.now))
        commit.emit('user_prompt', { promptId: shown.id, text: shown.text });
    });
    return ok(null);
  }

  /** Claude Code's session ended (`SessionEnd`): every open question of it is withdrawn, queued ones first. */
  async endSession(caller: SessionCaller): Promise<Result<{ withdrawn: number }>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const open = [...this.#store.queuedInteractions(limits.queueLength + 1), this.#store.activeInteraction()];
    let withdrawn = 0;
    for (const interaction of open) {
      if (interaction && this.#withdraw(interaction.toolCallId)) withdrawn += 1;
    }
    // Ended: the session list puts it away and nothing more can be granted to it.
    this.#commit((commit) => {
      if (this.#store.setEnded(commit.now)) commit.viewChanged = true;
    });
    await this.#settled();
    return ok({ withdrawn });
  }

  /** `DELETE /sessions/{sid}/tool-calls/{tcid}`: the agent stopped waiting; its question is withdrawn. */
  async cancelToolCall(caller: SessionCaller, toolCallId: string): Promise<Result<ToolCallState>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const call = this.#store.toolCall(toolCallId);
    if (!call) return refuse.notFound(`tool call "${toolCallId}" not found`);
    if (!this.#withdraw(toolCallId)) {
      return refuse.conflict(
        `tool call "${toolCallId}" is not waiting for an answer`,
        toolCallState(this.#store, call),
      );
    }
    await this.#settled();
    await this.#attestations.ensure(toolCallId);
    return ok(this.#state(toolCallId));
  }

  /** `POST /sessions/{sid}/tool-calls/{tcid}/result`: once, and only for a call that was allowed. */
  async reportResult(
    caller: SessionCaller,
    toolCallId: string,
    result: ToolCallResultRequest,
    reportedBy: 'agent' | 'hook' = 'agent',
  ): Promise<Result<ToolCallState>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const call = this.#store.toolCall(toolCallId);
    if (!call) return refuse.notFound(`tool call "${toolCallId}" not found`);
    const state = toolCallState(this.#store, call);
    if (state.outcome !== 'allow' && reportedBy === 'agent') {
      const why =
        state.outcome === 'pending' ? 'is still waiting for an answer' : 'was denied, so it did not run';
      return refuse.conflict(`tool call "${toolCallId}" ${why}`, state);
    }
    if (call.result) return refuse.conflict(`tool call "${toolCallId}" already has a result`, state);
    // It ran (Claude Code's own prompt let it): its open question needs nobody's answer now.
    if (state.outcome === 'pending') this.#withdraw(toolCallId);
    const recorded = {
      status: result.status,
      ...(result.output === undefined ? {} : { output: displayOutput(result.output) }),
      ...(result.duration_ms === undefined ? {} : { durationMs: Math.round(result.duration_ms) }),
    };
    this.#commit((commit) => {
      this.#store.setToolCallResult(toolCallId, recorded);
      commit.emit('TOOL_CALL_RESULT', {
        toolCallId,
        ...recorded,
        ...(reportedBy === 'hook' ? { reportedBy } : {}),
      });
      commit.viewChanged = true;
    });
    await this.#settled();
    return ok(this.#state(toolCallId));
  }

  // ── the session ─────────────────────────────────────────────────────────────────────────

  /** `PUT /sessions/{sid}`: declare or update; creates the session. */
  async declareSession(
    caller: SessionCaller,
    declaration: SessionDeclaration,
    wording?: DeclarationWording,
  ): Promise<Result<SessionView>> {
    const entered = await this.#enter(caller);
    if (!entered.ok) return entered;
    const snapshot = await this.#policy.snapshot(caller.policyVersion);
    // Awaited: another agent token may have created this session meanwhile.
    const admitted = this.#admit(caller);
    if (!admitted.ok) return admitted;
    const change = applyDeclaration({
      existing: this.#store.meta(),
      // Redacted and bounded before anything is compared or stored.
      declaration: displayDeclaration(declaration),
      caller,
      workspacePlan: snapshot.workspacePlan,
      now: Date.now(),
      ...(wording === undefined ? {} : { wording }),
    });
    if (!change.ok) return change;
    const { meta, updated, modeChanged } = change.value;
    this.#commit((commit) => {
      this.#store.saveMeta(meta);
      this.#claimFor(caller);
      if (updated) commit.emit('session_updated', updated);
      if (modeChanged) commit.emit('mode_changed', modeChanged);
      commit.viewChanged = true;
    });
    await this.#settled();
    return ok(sessionView(this.#store, this.#store.meta() ?? meta));
  }

  /** `GET /sessions/{sid}`. */
  async getSession(caller: SessionCaller): Promise<Result<SessionView>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    return ok(sessionView(this.#store, entered.value));
  }

  /** `PUT /sessions/{sid}/mode`: applies from the next evaluation on. */
  async selectMode(caller: SessionCaller, mode: string): Promise<Result<SessionView>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const snapshot = await this.#policy.snapshot(caller.policyVersion);
    const existing = this.#store.meta() ?? entered.value;
    const change = applyModeSelection({
      existing,
      // Declared ids are stored redacted; the approver's name for one is read the same way.
      name: displayText(mode, limits.labelLength),
      caller,
      allowedModes: snapshot.workspacePlan.allowedModes,
      now: Date.now(),
    });
    if (!change.ok) return change;
    return this.#saveChange(existing, change.value);
  }

  /** Stores a mode selection or grant, with its events, when it changes anything. */
  async #saveChange(
    existing: SessionMeta,
    { meta, updated, modeChanged }: MetaChange,
  ): Promise<Result<SessionView>> {
    if (modeChanged || updated || JSON.stringify(meta.authority) !== JSON.stringify(existing.authority)) {
      this.#commit((commit) => {
        this.#store.saveMeta(meta);
        if (updated) commit.emit('session_updated', updated);
        if (modeChanged) commit.emit('mode_changed', modeChanged);
        commit.viewChanged = true;
      });
      await this.#settled();
    }
    return ok(sessionView(this.#store, this.#store.meta() ?? meta));
  }

  /**
   * `POST /sessions/{sid}/grant-requested`: an approver grants, for this session only, what its
   * agent asked for and did not get (a looser mode, its own loosening permissions).
   */
  async grantRequested(caller: SessionCaller): Promise<Result<SessionView>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    if (caller.actor === 'agent' || caller.actor === 'system') {
      return refuse.forbidden('only an approver can grant what an agent asked for');
    }
    if (this.#store.endedAt() !== null) {
      return refuse.conflict(`session "${caller.sessionId}" has ended: nothing can be granted to it`);
    }
    const snapshot = await this.#policy.snapshot(caller.policyVersion);
    const existing = this.#store.meta() ?? entered.value;
    const change = applyGrantRequested({
      existing,
      caller,
      allowedModes: snapshot.workspacePlan.allowedModes,
      now: Date.now(),
    });
    if (!change.ok) return change;
    return this.#saveChange(existing, change.value);
  }

  /** The question an approver may answer now: the active one, else the refusal that says why not. */
  #answerable(
    meta: SessionMeta,
    interactionId: string,
  ): Result<{ interaction: InteractionRecord; call: ToolCallRecord }> {
    const interaction = this.#store.interaction(interactionId);
    if (!interaction) return refuse.notFound(`interaction "${interactionId}" not found in this session`);
    if (interaction.state !== 'active') {
      const current = { interaction: interactionView(this.#store, meta, interaction) };
      if (interaction.resolution?.source === 'timeout') {
        return refuse.expired(`interaction "${interaction.id}" expired without an answer`, current);
      }
      const why = interaction.state === 'queued' ? 'is queued behind the active one' : 'is already resolved';
      return refuse.conflict(`interaction "${interaction.id}" ${why}`, current);
    }
    const call = this.#store.toolCall(interaction.toolCallId);
    if (!call) throw new Error(`interaction ${interaction.id} has no tool call`);
    return ok({ interaction, call });
  }

  /** What an answer resolves its question with (its grant terms and edit checked), nothing written. */
  async #resolutionOf(
    caller: SessionCaller,
    interaction: InteractionRecord,
    call: ToolCallRecord,
    answer: InteractionRespondRequest['answer'],
  ): Promise<Result<{ resolution: ToolPermissionResolution; terms: GrantTerms }>> {
    const terms = grantTerms(answer, call, this.clock());
    if (!terms.ok) return terms;
    const approved = userResolution(
      answer,
      { toolCallId: call.id, interactionId: interaction.id },
      actorOf(caller),
    );
    let resolution = withTerms(approved, terms.value);
    if (answer.updated_input !== undefined) {
      const edited = await this.#decideEdited(caller, call, answer);
      if (!edited.ok) return edited;
      resolution =
        edited.value.behavior === 'deny'
          ? editedDenial(approved, edited.value.decision.reason)
          : {
              ...approved,
              updatedInput: edited.value.input as NonNullable<ToolPermissionResolution['updatedInput']>,
            };
    }
    return ok({ resolution, terms: terms.value });
  }

  /**
   * `POST /sessions/{sid}/interactions/{iid}/step-up-options` (docs/attestation.md "Passkeys"):
   * the WebAuthn request options for approving the active question with exactly this answer. The
   * challenge is the hash of the attestation payload that answer will be signed with, so the
   * passkey signs this call, this input and this scope for this approver, and nothing else.
   */
  async stepUpOptions(
    caller: SessionCaller,
    interactionId: string,
    request: StepUpOptionsRequest,
    requestUrl: string,
  ): Promise<Result<unknown>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    if (caller.actor === 'agent' || caller.actor === 'system' || caller.tokenId === undefined)
      return refuse.forbidden('only an approver can approve with a passkey');
    const answerable = this.#answerable(entered.value, interactionId);
    if (!answerable.ok) return answerable;
    const { interaction, call } = answerable.value;
    const resolved = await this.#resolutionOf(caller, interaction, call, request.answer);
    if (!resolved.ok) return resolved;
    if (resolved.value.resolution.behavior !== 'allow')
      return refuse.badRequest('invalid answer: only an approval is signed with a passkey (this one denies)');
    const snapshot = await this.#policy.snapshot(caller.policyVersion);
    const listing = await this.#workspace().listPasskeys();
    if (listing.passkeys.length === 0)
      return refuse.conflict('this workspace has no passkey: register one first (POST /passkeys)');
    const iat = Math.floor(Date.now() / 1000);
    const payload = await this.#attestations.resolutionPayload(
      call,
      resolved.value.resolution,
      interaction.expiresAt,
      iat * 1000,
      snapshot.stepUp,
    );
    const options = await stepUpRequestOptions(
      relyingPartyOf(this.env, requestUrl).rpId,
      await stepUpChallenge(payload),
      listing.passkeys,
    );
    this.#stepUps.remember(interaction.id, caller.tokenId, iat);
    return ok(options);
  }

  /**
   * A step-up approval's check (docs/attestation.md "Passkeys"): at or above the step-up level an
   * approval needs `answer.webauthn`, an assertion whose challenge is the payload this answer is
   * signed with (as its step-up options made it), verified by the workspace against the
   * registered passkey. Returns the payload to sign, with the assertion, or the refusal.
   */
  async #steppedUp(
    caller: SessionCaller,
    interaction: InteractionRecord,
    call: ToolCallRecord,
    resolution: ToolPermissionResolution,
    answer: InteractionRespondRequest['answer'],
    requestUrl: string | undefined,
  ): Promise<Result<AttestationPayload | null>> {
    const assertion = answer.webauthn;
    if (resolution.behavior !== 'allow') {
      if (assertion) return refuse.badRequest('invalid answer: a rejection carries no passkey assertion');
      return ok(null);
    }
    const { stepUp } = await this.#policy.snapshot(caller.policyVersion);
    if (!assertion)
      return needsPasskey(call.decision.risk, stepUp) ? passkeyMissing(call.decision.risk, stepUp) : ok(null);
    if (requestUrl === undefined || caller.tokenId === undefined)
      return refuse.badRequest(
        'invalid answer: a passkey signs one question; answer it on its own (interaction-respond)',
      );
    const iat = this.#stepUps.issuedAt(interaction.id, caller.tokenId);
    if (iat === null)
      return refuse.conflict(
        'no step-up options were asked for this question by this token: POST …/interactions/{iid}/step-up-options first',
        { missing: 'step-up-options' },
      );
    const payload = await this.#attestations.resolutionPayload(
      call,
      resolution,
      interaction.expiresAt,
      iat * 1000,
      stepUp,
    );
    // Typed as the RPC declares it (the stub's type adds Disposable to each answer).
    const verified: Result<{ credentialId: string }> = await this.#workspace().verifyStepUp(
      assertion,
      await stepUpChallenge(payload),
      requestUrl,
    );
    if (!verified.ok) return verified;
    return ok({ ...payload, webauthn: attestedAssertion(assertion) });
  }

  /**
   * `POST /sessions/{sid}/interaction-respond`: only the active interaction, only once. The
   * check and the write happen in one synchronous turn, so of any number of concurrent answers
   * exactly one wins; the others see it resolved. `requestUrl` (the route's) lets a passkey's
   * assertion be checked; a batch answer has none.
   */
  async respond(
    caller: SessionCaller,
    request: InteractionAnswer,
    requestUrl?: string,
  ): Promise<Result<Interaction>> {
    // The caller names this object; an answer meant for another session is never applied here.
    if (request.sessionId !== caller.sessionId)
      return refuse.badRequest('this answer is for another session');
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const meta = entered.value;
    // The route already refuses agent tokens; the session refuses them too (DESIGN §3's core property).
    if (caller.actor === 'agent' || caller.actor === 'system') {
      return refuse.forbidden('only an approver can answer an interaction');
    }
    const answerable = this.#answerable(meta, request.interactionId);
    if (!answerable.ok) return answerable;
    const { interaction, call } = answerable.value;
    const answered = await this.#resolutionOf(caller, interaction, call, request.answer);
    if (!answered.ok) return answered;
    const granted = answered.value.resolution;
    const terms = { value: answered.value.terms };
    const steppedUp = await this.#steppedUp(caller, interaction, call, granted, request.answer, requestUrl);
    if (!steppedUp.ok) return steppedUp;
    let attestation: string | null;
    if (steppedUp.value) {
      // A passkey-signed approval goes out signed or not at all: its payload is the one signed.
      try {
        attestation = await this.#attestations.sign(steppedUp.value);
      } catch (error) {
        console.error('could not sign a passkey approval', error);
        return refuse.conflict('the relay could not sign this approval; nothing was changed');
      }
    } else {
      attestation = await this.#attestations.resolution(call, granted, interaction.expiresAt, Date.now());
    }
    // Decided across awaits (the edit, the signature): the question must still be the one open.
    const current = this.#store.interaction(interaction.id);
    if (current?.state !== 'active') {
      return refuse.conflict(`interaction "${interaction.id}" was answered or expired meanwhile`, {
        interaction: interactionView(this.#store, meta, current ?? interaction),
      });
    }
    const global = granted.behavior === 'allow' && granted.scope === 'global';
    const { rules, expiresAt } = terms.value;
    this.#commit((commit) => {
      resolveInteraction(commit, interaction, granted, (inner) =>
        this.#attestations.record(inner, call.id, granted.behavior, attestation),
      );
      this.#stepUps.forget(interaction.id);
      if (granted.behavior === 'allow' && granted.scope === 'session') {
        const common = {
          expiresAt: expiresAt ?? null,
          actor: actorOf(caller) ?? null,
          tool: call.tool,
          input: call.input,
          interactionId: interaction.id,
          createdAt: commit.now,
        };
        const grants =
          rules === undefined
            ? [{ ...common, kind: 'call' as const, rule: null, key: call.approvalKey }]
            : rules.map((rule) => ({
                ...common,
                kind: 'rule' as const,
                rule,
                key: ruleGrantKey('session', rule),
              }));
        for (const grant of grants) this.#store.insertGrant({ id: `sg-${crypto.randomUUID()}`, ...grant });
      }
      if (global) {
        this.#store.enqueueGlobalGrant(
          {
            key: call.approvalKey,
            ...(rules === undefined ? {} : { rules }),
            ...(expiresAt === undefined ? {} : { expiresAt }),
            tool: call.tool,
            input: call.input,
            sessionId: meta.sessionId,
            interactionId: interaction.id,
            ...(caller.tokenId === undefined ? {} : { approvedBy: caller.tokenId }),
            ...(actorOf(caller) === undefined ? {} : { actor: actorOf(caller) }),
          },
          commit.now,
        );
        commit.scheduleChanged = true;
      }
    });
    // The approver's answer returns once an "always allow" is in force workspace-wide.
    if (global) await this.#deliverGlobalGrants();
    // Not awaited: telling the inbox of the answer and of the next question (and moving the
    // alarm) follows the answer in the background, in order; see `#stateAfterWait`.
    const resolved = this.#store.interaction(interaction.id) ?? interaction;
    return ok(interactionView(this.#store, meta, resolved));
  }

  /**
   * An approval with an edited input, decided again (shared/engine `reevaluateEdited`): refused
   * when editing was not offered or the edit changes more than text; else the edited call's
   * outcome — a deny from any step stands, otherwise the approval holds for what was written.
   */
  async #decideEdited(
    caller: SessionCaller,
    call: ToolCallRecord,
    answer: InteractionRespondRequest['answer'],
  ): Promise<Result<Extract<EditedOutcome, { ok: true }>>> {
    const refusal = editRefusal(answer, call);
    if (refusal) return refusal;
    const kept = keptCall(call);
    if (kept === null) return refuse.badRequest('invalid answer: editing was not offered');
    let outcome: EditedOutcome;
    try {
      const { plan, ctx } = await decisionContext(this.#evaluationSource(caller));
      outcome = reevaluateEdited(plan, kept, answer.updated_input, ctx);
    } catch (error) {
      console.error('edited input evaluation failed', error);
      return refuse.badRequest(
        'invalid answer: the relay could not evaluate the edited input; nothing was changed',
        [{ path: 'answer.updated_input', message: 'could not be evaluated' }],
      );
    }
    if (!outcome.ok)
      return refuse.badRequest(`invalid answer: ${outcome.reason}`, [
        { path: 'answer.updated_input', message: outcome.reason },
      ]);
    return ok(outcome);
  }

  /** `GET /sessions/{sid}/grants`: this session's "for this session" answers, oldest first. */
  async listGrants(caller: SessionCaller): Promise<Result<SessionGrant[]>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    return ok(this.#store.grants().map(sessionGrantView));
  }

  /** `DELETE /sessions/{sid}/grants/{id}`: the next evaluation decides the call afresh. */
  async removeGrant(caller: SessionCaller, id: string): Promise<Result<null>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    if (caller.actor === 'agent' || caller.actor === 'system')
      return refuse.forbidden('only an approver can remove a grant');
    if (!this.#store.deleteGrant(id)) return refuse.notFound(`grant "${id}" not found in this session`);
    return ok(null);
  }

  /** `GET /sessions/{sid}/audit`: the event log, a page at a time. */
  async auditLog(caller: SessionCaller, after = 0, limit = 1000): Promise<Result<AuditLog>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    const events = this.#store.eventsAfter(after, limit + 1);
    const more = events.length > limit;
    const page = more ? events.slice(0, limit) : events;
    return ok({ events: page, next: more ? (page.at(-1)?.seq ?? null) : null });
  }

  /** The newest `count` events, oldest first (`GET /audit?tail=`): a timeline survives a reload. */
  async latestEvents(caller: SessionCaller, count: number): Promise<Result<AuditLog>> {
    const entered = await this.#enterExisting(caller);
    if (!entered.ok) return entered;
    return ok({ events: this.#store.latestEvents(count), next: null });
  }

  // ── streams, alarm and sockets ──────────────────────────────────────────────────────────

  *#eventsAfter(after: number): Generator<SessionEvent> {
    let seq = after;
    for (;;) {
      const page = this.#store.eventsAfter(seq, replayPage);
      yield* page;
      const last = page.at(-1);
      if (page.length < replayPage || !last) return;
      seq = last.seq;
    }
  }

  /** `GET /sessions/{sid}/events`: SSE, or a hibernating WebSocket; replay after `?after=`, then live. */
  override async fetch(request: Request): Promise<Response> {
    await this.#ensureInitialized();
    let caller: SessionCaller | null = null;
    try {
      caller = JSON.parse(request.headers.get(callerHeader) ?? 'null') as SessionCaller | null;
    } catch {
      caller = null;
    }
    if (!caller) return Response.json(errorBody('invalid_request', 'no caller'), { status: 400 });
    const admitted = this.#admit(caller);
    const refusal = admitted.ok ? (admitted.value ? null : missing(caller)) : admitted;
    if (refusal) return Response.json(errorBody(refusal.code, refusal.message), { status: refusal.status });
    const after = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get('after') ?? 0)) || 0);
    if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
      const { 0: client, 1: server } = new WebSocketPair();
      this.#hub.acceptSocket(server, this.#eventsAfter(after));
      return new Response(null, { status: 101, webSocket: client });
    }
    return this.#hub.openSse(this.#eventsAfter(after), after);
  }

  /** Expires the active interaction when due, retries grant deliveries, sets the next alarm. */
  override async alarm(): Promise<void> {
    await this.#ensureInitialized();
    if (this.#store.meta()) this.#expireOverdue();
    await this.#deliverGlobalGrants();
    await this.#reschedule();
    await this.#settled();
  }

  /** Readers only listen; `ping` is answered by the runtime. Anything else is ignored. */
  override async webSocketMessage(_socket: WebSocket, _message: string | ArrayBuffer): Promise<void> {
    await this.#ensureInitialized();
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    await this.#ensureInitialized();
    closeSocket(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.#ensureInitialized();
    closeSocket(socket, 1011, 'error');
  }
}
