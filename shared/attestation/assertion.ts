import type { AttestedAssertion, PasskeyEntry, PasskeyPublicKey } from '../contract/index.ts';
import { fromBase64Url } from './base64url.ts';

// The agent's own check of an approver's passkey signature (docs/attestation.md "What the hook
// checks"), with nothing but Web Crypto: WebAuthn L3 §7.2 steps 11–21 that do not need the relay's
// state (origin and RP ID the relay checks; the signature, the flags, the type and the challenge
// anyone can).

export type AssertionCheck = { ok: true } | { ok: false; reason: string };

const refused = (reason: string): AssertionCheck => ({ ok: false, reason });

/** authenticatorData flags (WebAuthn L3 §6.1): user present, user verified. */
const userPresent = 0x01;
const userVerified = 0x04;

/** An ECDSA signature in ASN.1 DER (as WebAuthn sends it) → r ‖ s, 32 bytes each (as Web Crypto wants). */
export function derToRawEcdsa(der: Uint8Array, size = 32): Uint8Array<ArrayBuffer> | null {
  if (der.length < 8 || der[0] !== 0x30) return null;
  let at = 2;
  if (der[1] === 0x81) at = 3;
  const raw = new Uint8Array(size * 2);
  for (const half of [0, 1]) {
    if (der[at] !== 0x02) return null;
    const length = der[at + 1] ?? 0;
    let integer = der.subarray(at + 2, at + 2 + length);
    if (integer.length !== length) return null;
    while (integer.length > size && integer[0] === 0) integer = integer.subarray(1);
    if (integer.length > size) return null;
    raw.set(integer, half * size + (size - integer.length));
    at += 2 + length;
  }
  return at === der.length ? raw : null;
}

async function verifySignature(
  key: PasskeyPublicKey,
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  if (key.kty === 'EC') {
    const raw = derToRawEcdsa(signature);
    if (!raw) return false;
    const imported = await crypto.subtle.importKey(
      'jwk',
      key,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, imported, raw, data);
  }
  if (key.kty === 'OKP') {
    const imported = await crypto.subtle.importKey('jwk', key, 'Ed25519', false, ['verify']);
    return crypto.subtle.verify('Ed25519', imported, signature, data);
  }
  const imported = await crypto.subtle.importKey(
    'jwk',
    key,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify('RSASSA-PKCS1-v1_5', imported, signature, data);
}

/**
 * Whether `assertion` is a pinned passkey's user-verified signature over `challenge`. The first
 * check that fails is the reason; anything malformed is a refusal, never a pass.
 */
export async function checkAssertion(
  assertion: AttestedAssertion,
  passkeys: readonly PasskeyEntry[],
  challenge: string,
): Promise<AssertionCheck> {
  const passkey = passkeys.find((candidate) => candidate.id === assertion.credentialId);
  if (!passkey) return refused(`passkey ${assertion.credentialId} is not pinned for this relay`);
  const clientDataBytes = fromBase64Url(assertion.clientDataJSON);
  const authenticatorData = fromBase64Url(assertion.authenticatorData);
  const signature = fromBase64Url(assertion.signature);
  if (!clientDataBytes || !authenticatorData || !signature)
    return refused('the passkey assertion is not base64url');
  let clientData: { type?: unknown; challenge?: unknown };
  try {
    clientData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(clientDataBytes));
  } catch {
    return refused('the passkey assertion has no readable clientDataJSON');
  }
  if (clientData?.type !== 'webauthn.get')
    return refused('the passkey assertion is not of type webauthn.get');
  if (clientData.challenge !== challenge)
    return refused('the passkey signed another approval (its challenge is not this attestation)');
  // rpIdHash (32 bytes), flags (1), signCount (4).
  if (authenticatorData.length < 37) return refused('the passkey assertion has no authenticator data');
  const flags = authenticatorData[32] ?? 0;
  if (!(flags & userPresent)) return refused('the passkey assertion has no user presence');
  if (!(flags & userVerified)) return refused('the passkey assertion has no user verification');
  const clientDataHash = new Uint8Array(await crypto.subtle.digest('SHA-256', clientDataBytes));
  const signed = new Uint8Array(authenticatorData.length + clientDataHash.length);
  signed.set(authenticatorData);
  signed.set(clientDataHash, authenticatorData.length);
  let verified = false;
  try {
    verified = await verifySignature(passkey.publicKey, signature, signed);
  } catch {
    verified = false;
  }
  return verified
    ? { ok: true }
    : refused(`the passkey signature does not verify with pinned passkey ${passkey.id}`);
}
