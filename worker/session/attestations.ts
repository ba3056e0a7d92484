import { inputSha256 } from '../../shared/approval-key/index.ts';
import type {
  AttestationPayload,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';
import {
  type AttestedCall,
  decisionPayload,
  inputSha256OfKey,
  resolutionPayload,
} from '../attestation/payload.ts';
import type { AttestationSigner } from '../attestation/signer.ts';
import type { Commit } from './commit.ts';
import type { ToolCallRecord } from './records.ts';
import type { SessionStore } from './storage.ts';
import { outcomeOf } from './views.ts';

/** Where a call was made: its workspace, its session and the relay URL it came in by. */
interface AttestationIds {
  workspaceId: string;
  sessionId: string;
  issuer?: string | null | undefined;
}

/**
 * A session's attestations (docs/attestation.md): the outcome of every call, signed once and
 * stored with it. Decisions and answers are signed before their commit, so the attestation is
 * written with them; a timeout or a withdrawal happens inside a synchronous commit, so its
 * attestation follows in a commit of its own (`ensure`), which every reader of the call's state
 * waits for.
 */
export class Attestations {
  readonly #signer: AttestationSigner;
  readonly #store: SessionStore;
  readonly #commit: (work: (commit: Commit) => void) => void;
  readonly #issuer: string;
  readonly #stepUp: () => AttestationPayload['stepUp'];
  /** Late signings under way, one per call, so two readers never sign the same outcome twice. */
  readonly #pending = new Map<string, Promise<void>>();

  constructor(options: {
    signer: AttestationSigner;
    store: SessionStore;
    commit: (work: (commit: Commit) => void) => void;
    /** `iss` when neither the request nor the call names one (`GATEHOUSE_PUBLIC_URL`, else a URN). */
    issuer: string;
    /** The step-up level in force (docs/attestation.md "Passkeys"), from the last policy read. */
    stepUp: () => AttestationPayload['stepUp'];
  }) {
    this.#stepUp = options.stepUp;
    this.#signer = options.signer;
    this.#store = options.store;
    this.#commit = options.commit;
    this.#issuer = options.issuer;
  }

  #call(
    ids: AttestationIds,
    call: Pick<ToolCallRecord, 'id' | 'tool' | 'approvalKey'>,
    risk: ToolPermissionDecision['risk'],
    digest: string,
    stepUp: AttestationPayload['stepUp'] = this.#stepUp(),
  ): AttestedCall {
    return {
      issuer: ids.issuer ?? this.#issuer,
      workspaceId: ids.workspaceId,
      sessionId: ids.sessionId,
      toolCallId: call.id,
      tool: call.tool,
      inputSha256: digest,
      risk,
      stepUp,
    };
  }

  /** An allow or deny decided at once, signed before it is stored. Throws when signing fails. */
  decision(
    ids: AttestationIds,
    call: Pick<ToolCallRecord, 'id' | 'tool' | 'approvalKey'>,
    decision: ToolPermissionDecision & { behavior: 'allow' | 'deny' },
    now: number,
  ): Promise<string | null> {
    const attested = this.#call(ids, call, decision.risk, inputSha256OfKey(call.approvalKey));
    return this.#signer.sign(decisionPayload(attested, decision, now));
  }

  /**
   * The payload a resolution is signed with; `input_sha256` is of the edited input when there is
   * one. A step-up approval's passkey signs exactly this (without `webauthn`), so it is computed
   * the same way for the step-up options and for the answer. Throws when it cannot be made.
   */
  async resolutionPayload(
    call: ToolCallRecord,
    resolution: ToolPermissionResolution,
    questionExpiresAt: number | null,
    now: number,
    stepUp?: AttestationPayload['stepUp'],
  ): Promise<AttestationPayload> {
    const meta = this.#store.meta();
    if (!meta) throw new Error('the session has no identity yet');
    const digest =
      resolution.updatedInput === undefined
        ? inputSha256OfKey(call.approvalKey)
        : await inputSha256(resolution.updatedInput);
    const attested = this.#call({ ...meta, issuer: call.issuer }, call, call.decision.risk, digest, stepUp);
    return resolutionPayload(attested, resolution, now, questionExpiresAt);
  }

  /** A payload made by `resolutionPayload`, signed (null without a signing key; throws on a broken one). */
  sign(payload: AttestationPayload): Promise<string | null> {
    return this.#signer.sign(payload);
  }

  /**
   * A resolution, signed before it is stored. Null when it cannot be signed (logged): `ensure`
   * tries again once it is stored.
   */
  async resolution(
    call: ToolCallRecord,
    resolution: ToolPermissionResolution,
    questionExpiresAt: number | null,
    now: number,
  ): Promise<string | null> {
    try {
      return await this.#signer.sign(await this.resolutionPayload(call, resolution, questionExpiresAt, now));
    } catch (error) {
      console.error('could not sign a resolution; it goes out unsigned for now', error);
      return null;
    }
  }

  /** Inside the commit that decides the call: stores its attestation and says so in the log. */
  record(commit: Commit, toolCallId: string, outcome: 'allow' | 'deny', attestation: string | null): void {
    if (attestation === null || !commit.store.setAttestation(toolCallId, attestation)) return;
    commit.emit('tool_call_attested', { toolCallId, outcome, attestation });
  }

  /** A final call without an attestation gets one (a timeout, a withdrawal, a failed signing). */
  ensure(toolCallId: string): Promise<void> {
    const call = this.#store.toolCall(toolCallId);
    if (!call || call.attestation || outcomeOf(call) === 'pending') return Promise.resolve();
    let pending = this.#pending.get(toolCallId);
    if (!pending) {
      pending = this.#signLate(call).finally(() => this.#pending.delete(toolCallId));
      this.#pending.set(toolCallId, pending);
    }
    return pending;
  }

  async #signLate(call: ToolCallRecord): Promise<void> {
    const outcome = outcomeOf(call);
    if (outcome === 'pending') return;
    let attestation: string | null;
    if (call.resolution) {
      const interaction = call.interactionId ? this.#store.interaction(call.interactionId) : null;
      attestation = await this.resolution(call, call.resolution, interaction?.expiresAt ?? null, Date.now());
    } else {
      const meta = this.#store.meta();
      if (!meta) return;
      try {
        attestation = await this.decision(
          { workspaceId: meta.workspaceId, sessionId: meta.sessionId, issuer: call.issuer },
          call,
          { ...call.decision, behavior: outcome },
          Date.now(),
        );
      } catch (error) {
        console.error('could not sign a decision', error);
        return;
      }
    }
    if (attestation === null) return;
    const signed = attestation;
    this.#commit((commit) => this.record(commit, call.id, outcome, signed));
  }
}
