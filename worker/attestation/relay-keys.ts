import { z } from 'zod';
import {
  importSigningKey,
  type Jwks,
  PublicJwk,
  publicJwkOf,
  SigningJwk,
  thumbprint,
} from '../../shared/attestation/index.ts';

/** The relay's key configuration is broken: it signs nothing and allows nothing it cannot sign. */
export class SigningKeyError extends Error {}

const RetiredKeys = z.array(PublicJwk);

/** The signing key of `GATEHOUSE_SIGNING_KEY` (a private JWK as JSON), or null when it is not set. */
export function signingJwkOf(env: Pick<Env, 'GATEHOUSE_SIGNING_KEY'>): SigningJwk | null {
  const text = env.GATEHOUSE_SIGNING_KEY?.trim();
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SigningKeyError('GATEHOUSE_SIGNING_KEY is not JSON (a private Ed25519 JWK is expected)');
  }
  const parsed = SigningJwk.safeParse(json);
  if (!parsed.success)
    throw new SigningKeyError(
      'GATEHOUSE_SIGNING_KEY is not an Ed25519 private JWK ({kty:"OKP",crv:"Ed25519",x,d})',
    );
  return parsed.data;
}

/** `GATEHOUSE_RETIRED_KEYS`: public JWKs of rotated-out keys, listed until their last attestation expires. */
export function retiredJwksOf(env: Pick<Env, 'GATEHOUSE_RETIRED_KEYS'>): PublicJwk[] {
  const text = env.GATEHOUSE_RETIRED_KEYS?.trim();
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SigningKeyError(
      'GATEHOUSE_RETIRED_KEYS is not JSON (an array of public Ed25519 JWKs is expected)',
    );
  }
  const parsed = RetiredKeys.safeParse(json);
  if (!parsed.success)
    throw new SigningKeyError('GATEHOUSE_RETIRED_KEYS is not an array of public Ed25519 JWKs');
  return parsed.data;
}

/** The JWKS document: the signing key first, then the retired ones, each once, `kid` its thumbprint. */
export async function relayJwks(
  env: Pick<Env, 'GATEHOUSE_SIGNING_KEY' | 'GATEHOUSE_RETIRED_KEYS'>,
): Promise<Jwks> {
  const current = signingJwkOf(env);
  const all = [...(current ? [publicJwkOf(current)] : []), ...retiredJwksOf(env).map(publicJwkOf)];
  const keys: Jwks['keys'] = [];
  for (const jwk of all) {
    const kid = await thumbprint(jwk);
    if (!keys.some((key) => key.kid === kid)) keys.push({ ...jwk, kid, alg: 'EdDSA', use: 'sig' });
  }
  return { keys };
}

/** A signing key ready to use: the imported key and its `kid`. */
export interface RelayKey {
  kid: string;
  key: CryptoKey;
}

/** Imports the configured signing key once per holder; null when none is configured. */
export async function loadRelayKey(env: Pick<Env, 'GATEHOUSE_SIGNING_KEY'>): Promise<RelayKey | null> {
  const jwk = signingJwkOf(env);
  if (!jwk) return null;
  try {
    return { kid: await thumbprint(jwk), key: await importSigningKey(jwk) };
  } catch (error) {
    throw new SigningKeyError(
      `GATEHOUSE_SIGNING_KEY could not be imported: ${error instanceof Error ? error.message : error}`,
    );
  }
}
