import { inputSha256 } from '../approval-key/index.ts';
import {
  AttestationHeader,
  type AttestationPayload,
  AttestationPayload as PayloadSchema,
} from '../contract/index.ts';
import { splitCompact, verifyCompact } from './jws.ts';
import { importVerifyKey, type PublicJwk } from './keys.ts';
import { checkStepUp, type PinnedStepUp } from './step-up-check.ts';

/** What the agent is about to do, which the attestation must be about. */
export interface AttestationExpectation {
  /** The keys this relay may sign with (pinned, or kept on first use), each with its `kid`. */
  keys: readonly (PublicJwk & { kid: string })[];
  toolCallId: string;
  /** The input that will run: the edited one when the approver edited it. */
  input: unknown;
  outcome: 'allow' | 'deny';
  sessionId?: string;
  /** The workspace's passkeys and step-up setting pinned for this relay, when they are. */
  stepUp?: PinnedStepUp | undefined;
  /** Seconds since the epoch. */
  now: number;
}

export type AttestationCheck = { ok: true; payload: AttestationPayload } | { ok: false; reason: string };

/** Clocks differ a little between the relay and the agent's machine. */
const skewSeconds = 60;

const refused = (reason: string): AttestationCheck => ({ ok: false, reason });

/**
 * The agent side's check of one answer (docs/attestation.md "Verifying"): a compact JWS with the
 * attestation header, signed by a pinned key, about this call (`tcid`, `sid`), this input
 * (`input_sha256` of the input that will run), this outcome, and not expired. The first thing
 * that fails is the reason; anything unexpected is a refusal, never a pass.
 */
export async function checkAttestation(
  jws: string | null | undefined,
  expected: AttestationExpectation,
): Promise<AttestationCheck> {
  if (!jws) return refused('the relay sent no attestation');
  const parts = splitCompact(jws);
  if (!parts) return refused('the attestation is not a compact JWS');
  const header = AttestationHeader.safeParse(parts.header);
  if (!header.success) return refused('the attestation has no EdDSA gatehouse-attestation+jwt header');
  const key = expected.keys.find((candidate) => candidate.kid === header.data.kid);
  if (!key)
    return refused(`the attestation is signed by key ${header.data.kid}, which is not pinned for this relay`);
  let verified = false;
  try {
    verified = await verifyCompact(parts, await importVerifyKey(key));
  } catch {
    verified = false;
  }
  if (!verified) return refused('the attestation signature does not verify (forged or altered)');
  const parsed = PayloadSchema.safeParse(parts.payload);
  if (!parsed.success) return refused('the attestation payload is not an attestation');
  const payload = parsed.data;
  if (payload.tcid !== expected.toolCallId)
    return refused(`the attestation is for tool call ${payload.tcid}, not ${expected.toolCallId} (replayed)`);
  if (expected.sessionId !== undefined && payload.sid !== expected.sessionId)
    return refused(`the attestation is for session ${payload.sid}, not ${expected.sessionId} (replayed)`);
  if (payload.outcome !== expected.outcome)
    return refused(`the attestation says ${payload.outcome}, the answer says ${expected.outcome}`);
  let digest: string;
  try {
    digest = await inputSha256(expected.input);
  } catch {
    return refused('the input about to run has no canonical JSON form');
  }
  if (payload.input_sha256 !== digest)
    return refused('the input about to run is not the one the attestation covers (input_sha256 differs)');
  if (payload.exp + skewSeconds < expected.now)
    return refused(`the attestation expired at ${new Date(payload.exp * 1000).toISOString()}`);
  if (payload.iat - skewSeconds > expected.now) return refused('the attestation is dated in the future');
  const stepUp = await checkStepUp(payload, expected.stepUp);
  if (!stepUp.ok) return stepUp;
  return { ok: true, payload };
}
