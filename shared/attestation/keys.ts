import { z } from 'zod';
import { toBase64Url, utf8 } from './base64url.ts';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url without padding');

/** An Ed25519 public key as a JWK (RFC 8037); extra members (`kid`, `use`, `alg`) are kept. */
export const PublicJwk = z.looseObject({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: base64url.length(43),
});
export type PublicJwk = z.infer<typeof PublicJwk>;

/** The relay's signing key as a JWK: the public part and `d`, the 32-byte seed. */
export const SigningJwk = PublicJwk.extend({ d: base64url.length(43) });
export type SigningJwk = z.infer<typeof SigningJwk>;

/** `GET /.well-known/jwks.json` (RFC 7517 §5): every key an attestation may name, each with its `kid`. */
export const Jwks = z.object({
  keys: z.array(PublicJwk.extend({ kid: z.string(), alg: z.literal('EdDSA'), use: z.literal('sig') })),
});
export type Jwks = z.infer<typeof Jwks>;

/**
 * The members RFC 7638 §3.2 hashes for each key type, in the lexicographic order the thumbprint
 * needs. Ed25519 is what the relay uses; RSA is here so the RFC's own example checks the code.
 */
const thumbprintMembers: Record<string, readonly string[]> = {
  OKP: ['crv', 'kty', 'x'],
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
  oct: ['k', 'kty'],
};

/**
 * RFC 7638 JWK thumbprint: base64url SHA-256 of the required members as JSON, in lexicographic
 * order, no whitespace. It is the `kid` of every relay key, so a pin is the key itself.
 */
export async function thumbprint(jwk: Record<string, unknown>): Promise<string> {
  const members = thumbprintMembers[String(jwk.kty)];
  if (!members) throw new TypeError(`no thumbprint for key type ${JSON.stringify(jwk.kty)}`);
  const required = members.map((name) => {
    const value = jwk[name];
    if (typeof value !== 'string') throw new TypeError(`the key has no "${name}"`);
    return `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  });
  const digest = await crypto.subtle.digest('SHA-256', utf8(`{${required.join(',')}}`));
  return toBase64Url(new Uint8Array(digest));
}

/** The public half of a signing key: exactly the members a verifier needs. */
export const publicJwkOf = (jwk: PublicJwk): PublicJwk => ({ kty: 'OKP', crv: 'Ed25519', x: jwk.x });

/** Web Crypto key for signing (not extractable: the secret never leaves it again). */
export const importSigningKey = (jwk: SigningJwk): Promise<CryptoKey> =>
  crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d }, 'Ed25519', false, [
    'sign',
  ]);

export const importVerifyKey = (jwk: PublicJwk): Promise<CryptoKey> =>
  crypto.subtle.importKey('jwk', publicJwkOf(jwk), 'Ed25519', false, ['verify']);

/** A new signing key (for `npm start` and tests), as the JWK `GATEHOUSE_SIGNING_KEY` holds. */
export async function generateSigningJwk(): Promise<SigningJwk> {
  const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return SigningJwk.parse({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d });
}
