import canonicalize from 'canonicalize';
import type { AttestationPayload, Risk, StepUpSetting } from '../contract/index.ts';
import { atLeast } from '../risk/scale.ts';
import { toBase64Url, utf8 } from './base64url.ts';

type StepUpLevel = AttestationPayload['stepUp'];

/**
 * The step-up level in force (docs/attestation.md "Passkeys"): the workspace's `stepUp.minRisk`
 * (default `critical`) once it has a passkey, `off` before.
 */
export function stepUpInForce(setting: StepUpSetting | undefined, passkeyCount: number): StepUpLevel {
  if (passkeyCount === 0) return 'off';
  return setting?.minRisk ?? 'critical';
}

/** Whether approving a call of `risk` needs the approver's passkey at `level`. */
export function needsPasskey(risk: Risk, level: StepUpLevel): boolean {
  return level !== 'off' && atLeast(risk, level);
}

/** The stricter of two levels (`high` before `critical` before `off`). */
export function stricterStepUp(a: StepUpLevel, b: StepUpLevel): StepUpLevel {
  const order: readonly StepUpLevel[] = ['high', 'critical', 'off'];
  return order.indexOf(a) <= order.indexOf(b) ? a : b;
}

/**
 * The WebAuthn challenge of an approval: the base64url SHA-256 of the RFC 8785 (JCS) form of the
 * attestation payload it will be signed with, without `webauthn`. The passkey thereby signs this
 * call, this input, this outcome, scope and approver — nothing else verifies against it.
 */
export async function stepUpChallenge(payload: AttestationPayload): Promise<string> {
  const { webauthn: _assertion, ...signed } = payload;
  const text = canonicalize(signed);
  if (text === undefined) throw new TypeError('the attestation payload has no canonical JSON form');
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))));
}
