import { cose, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { toBase64Url } from '../../shared/attestation/index.ts';
import type { PasskeyPublicKey } from '../../shared/contract/index.ts';

/**
 * The algorithms a passkey may use here: the ones an agent can check with Web Crypto alone
 * (shared/attestation/assertion.ts) — ES256, EdDSA (Ed25519) and RS256 (COSE ids, RFC 9053).
 */
export const supportedAlgorithms = [cose.COSEALG.ES256, cose.COSEALG.EdDSA, cose.COSEALG.RS256];

/** A registered credential's COSE key (RFC 9052 §7) as the JWK agents pin; null for anything else. */
export function coseToJwk(publicKey: Uint8Array): PasskeyPublicKey | null {
  let key: cose.COSEPublicKey;
  try {
    key = decodeCredentialPublicKey(publicKey as Parameters<typeof decodeCredentialPublicKey>[0]);
  } catch {
    return null;
  }
  const alg = key.get(cose.COSEKEYS.alg);
  const b64 = (value: unknown) => (value instanceof Uint8Array ? toBase64Url(value) : null);
  if (cose.isCOSEPublicKeyEC2(key) && alg === cose.COSEALG.ES256) {
    const x = b64(key.get(cose.COSEKEYS.x));
    const y = b64(key.get(cose.COSEKEYS.y));
    if (key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256 || !x || !y) return null;
    return { kty: 'EC', crv: 'P-256', x, y };
  }
  if (cose.isCOSEPublicKeyOKP(key) && alg === cose.COSEALG.EdDSA) {
    const x = b64(key.get(cose.COSEKEYS.x));
    if (key.get(cose.COSEKEYS.crv) !== cose.COSECRV.ED25519 || !x) return null;
    return { kty: 'OKP', crv: 'Ed25519', x };
  }
  if (cose.isCOSEPublicKeyRSA(key) && alg === cose.COSEALG.RS256) {
    const n = b64(key.get(cose.COSEKEYS.n));
    const e = b64(key.get(cose.COSEKEYS.e));
    if (!n || !e) return null;
    return { kty: 'RSA', n, e };
  }
  return null;
}
