import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentSigningKey, retiredSigningKey } from '../support/attestation-keys.ts';
import { warmUp } from './helpers.ts';

/** RFC 7638 by hand: SHA-256 of `{"crv":…,"kty":"OKP","x":…}`, base64url. */
async function okpThumbprint(x: string): Promise<string> {
  const json = `{"crv":"Ed25519","kty":"OKP","x":"${x}"}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

describe('GET /.well-known/jwks.json', () => {
  beforeAll(warmUp, 60_000);

  it('lists the signing key, then the rotated-out one, each with its RFC 7638 thumbprint as kid, and no secret', async () => {
    const res = await exports.default.fetch('http://relay/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    const body = JSON.parse(text) as { keys: Record<string, string>[] };
    expect(body.keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: currentSigningKey.x,
        kid: await okpThumbprint(currentSigningKey.x),
        alg: 'EdDSA',
        use: 'sig',
      },
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: retiredSigningKey.x,
        kid: await okpThumbprint(retiredSigningKey.x),
        alg: 'EdDSA',
        use: 'sig',
      },
    ]);
    expect(text).not.toContain(currentSigningKey.d);
    expect(text).not.toContain('"d"');
  });

  it('needs no token, and the document lists it as open', async () => {
    const res = await exports.default.fetch('http://relay/.well-known/jwks.json', {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.status).toBe(200);
    const doc = (await (await exports.default.fetch('http://relay/openapi.json')).json()) as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    expect(doc.paths['/.well-known/jwks.json']?.get?.security).toEqual([]);
  });
});
