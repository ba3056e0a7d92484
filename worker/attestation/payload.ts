import {
  type ActorRef,
  type AttestationPayload,
  attestationLifetimeSeconds,
  type ToolPermissionDecision,
  type ToolPermissionResolution,
} from '../../shared/contract/index.ts';

/** What every attestation of a call says about where it was decided and what it is. */
export interface AttestedCall {
  issuer: string;
  workspaceId: string;
  sessionId: string;
  toolCallId: string;
  tool: string;
  /** The hex SHA-256 of the JCS form of the input that will run. */
  inputSha256: string;
  risk: ToolPermissionDecision['risk'];
  stepUp: AttestationPayload['stepUp'];
}

const seconds = (ms: number) => Math.floor(ms / 1000);

const common = (call: AttestedCall) => ({
  iss: call.issuer,
  ws: call.workspaceId,
  sid: call.sessionId,
  tcid: call.toolCallId,
  tool: call.tool,
  input_sha256: call.inputSha256,
  risk: call.risk,
  stepUp: call.stepUp,
});

/** An outcome the relay decided at once (policy, rule, classifier, full access): usable for 300 s. */
export function decisionPayload(
  call: AttestedCall,
  decision: Pick<ToolPermissionDecision, 'behavior' | 'source'> & { behavior: 'allow' | 'deny' },
  nowMs: number,
): AttestationPayload {
  const iat = seconds(nowMs);
  return {
    ...common(call),
    outcome: decision.behavior,
    source: decision.source,
    iat,
    exp: iat + attestationLifetimeSeconds,
  };
}

/**
 * An interaction's resolution. A human's answer is good until the question's own expiry (the
 * agent is waiting for it); a timeout or a withdrawal, which only deny, for 300 s like any
 * outcome decided at once.
 */
export function resolutionPayload(
  call: AttestedCall,
  resolution: Pick<ToolPermissionResolution, 'behavior' | 'source' | 'scope' | 'interactionId'> & {
    actor?: ActorRef | undefined;
  },
  nowMs: number,
  questionExpiresAt: number | null,
): AttestationPayload {
  const iat = seconds(nowMs);
  const human = resolution.source === 'user';
  const exp =
    human && questionExpiresAt !== null
      ? Math.max(iat, seconds(questionExpiresAt))
      : iat + attestationLifetimeSeconds;
  return {
    ...common(call),
    outcome: resolution.behavior,
    source: resolution.source,
    iid: resolution.interactionId,
    ...(human ? { scope: resolution.scope } : {}),
    ...(human && resolution.actor ? { actor: resolution.actor } : {}),
    iat,
    exp,
  };
}

/** The input half of an approval key (`Tool:hex`): the JCS SHA-256 of the input as submitted. */
export const inputSha256OfKey = (approvalKey: string) => approvalKey.slice(approvalKey.lastIndexOf(':') + 1);
