import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { fromBase64Url } from '../../shared/attestation/index.ts';
import type {
  AttestationPayload,
  AttestedAssertion,
  AuthenticationResponse,
  PasskeyEntry,
  Risk,
} from '../../shared/contract/index.ts';
import { type Refusal, refuse } from '../common/result.ts';
import { ceremonyTtlMs } from './registry.ts';

/**
 * `POST …/interactions/{iid}/step-up-options`: request options whose challenge is the approval's
 * payload hash (shared/attestation/step-up.ts), for any of the workspace's passkeys, with user
 * verification required.
 */
export function stepUpRequestOptions(rpId: string, challenge: string, passkeys: readonly PasskeyEntry[]) {
  const bytes = fromBase64Url(challenge);
  if (!bytes) throw new TypeError('a step-up challenge is base64url');
  return generateAuthenticationOptions({
    rpID: rpId,
    challenge: bytes,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.id })),
    userVerification: 'required',
    timeout: ceremonyTtlMs,
  });
}

/** The assertion as the attestation carries it: what anyone needs to check the signature. */
export const attestedAssertion = (response: AuthenticationResponse): AttestedAssertion => ({
  credentialId: response.id,
  authenticatorData: response.response.authenticatorData,
  clientDataJSON: response.response.clientDataJSON,
  signature: response.response.signature,
});

/** The refusal of an approval at or above step-up that came without the approver's passkey. */
export const passkeyMissing = (risk: Risk, level: AttestationPayload['stepUp']): Refusal =>
  refuse.forbidden(
    `approving this ${risk}-risk call needs the approver's passkey (step-up at ${level}): ask POST …/interactions/{iid}/step-up-options with the answer, then send the assertion as answer.webauthn`,
    { missing: 'answer.webauthn', risk, stepUp: level },
  );
