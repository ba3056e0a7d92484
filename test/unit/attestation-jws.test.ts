import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { inputSha256 } from '../../shared/approval-key/index.ts';
import {
  fromBase64Url,
  importSigningKey,
  importVerifyKey,
  SigningJwk,
  signCompact,
  splitCompact,
  thumbprint,
  toBase64Url,
  verifyCompact,
} from '../../shared/attestation/index.ts';

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const b64u = (text: string) => toBase64Url(hex(text));

describe('Ed25519 (RFC 8032 §7.1)', () => {
  // TEST 1 and TEST 2 of RFC 8032 §7.1: secret key, public key, message, signature.
  const vectors = [
    {
      name: 'TEST 1 (empty message)',
      secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
      public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
      message: '',
      signature:
        'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    },
    {
      name: 'TEST 2 (one byte)',
      secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
      public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
      message: '72',
      signature:
        '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
    },
  ];

  it.each(vectors)('$name: the signature of the RFC, and it verifies', async (vector) => {
    const jwk = SigningJwk.parse({
      kty: 'OKP',
      crv: 'Ed25519',
      x: b64u(vector.public),
      d: b64u(vector.secret),
    });
    const signature = new Uint8Array(
      await crypto.subtle.sign('Ed25519', await importSigningKey(jwk), hex(vector.message)),
    );
    expect(Buffer.from(signature).toString('hex')).toBe(vector.signature);
    const publicKey = await importVerifyKey(jwk);
    expect(await crypto.subtle.verify('Ed25519', publicKey, signature, hex(vector.message))).toBe(true);
    const altered = signature.slice();
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(await crypto.subtle.verify('Ed25519', publicKey, altered, hex(vector.message))).toBe(false);
  });
});

describe('JWS with Ed25519 (RFC 8037 Appendix A)', () => {
  const key = SigningJwk.parse({
    kty: 'OKP',
    crv: 'Ed25519',
    d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
    x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  });
  const expected =
    'eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg';

  it('A.3: the key thumbprint', async () => {
    expect(await thumbprint(key)).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });

  it('A.4: the signature over the RFC payload, verified (A.5) and refused once altered', async () => {
    const [head = '', body = ''] = expected.split('.');
    const signature = await crypto.subtle.sign(
      'Ed25519',
      await importSigningKey(key),
      new TextEncoder().encode(`${head}.${body}`),
    );
    expect(`${head}.${body}.${toBase64Url(new Uint8Array(signature))}`).toBe(expected);
    const parts = splitCompact(expected);
    if (!parts) throw new Error('not split');
    expect(parts.header).toEqual({ alg: 'EdDSA' });
    expect(parts.payload).toBeUndefined();
    const publicKey = await importVerifyKey(key);
    expect(await verifyCompact(parts, publicKey)).toBe(true);
    const forged = splitCompact(expected.replace('.RXhh', '.RXhi'));
    if (!forged) throw new Error('not split');
    expect(await verifyCompact(forged, publicKey)).toBe(false);
  });

  it('signCompact round-trips a JSON payload', async () => {
    const jws = await signCompact({ alg: 'EdDSA', kid: 'k' }, { a: 1, é: 'ü' }, await importSigningKey(key));
    const parts = splitCompact(jws);
    expect(parts?.payload).toEqual({ a: 1, é: 'ü' });
    expect(parts && (await verifyCompact(parts, await importVerifyKey(key)))).toBe(true);
  });

  it.each([
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['a padded part', 'eyJhIjoxfQ==.eyJhIjoxfQ.AA'],
    ['a header that is not JSON', `${toBase64Url(new TextEncoder().encode('{'))}.eyJhIjoxfQ.AA`],
    ['standard base64', 'eyJhIjoxfQ.eyJhIjoxfQ.A+/A'],
  ])('splitCompact refuses %s', (_name, text) => {
    expect(splitCompact(text)).toBeNull();
  });

  it('base64url decoding refuses a dangling character', () => {
    expect(fromBase64Url('A')).toBeNull();
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
  });
});

describe('JWK thumbprint (RFC 7638 §3.1)', () => {
  it('the RFC example RSA key → its thumbprint', async () => {
    const rsa = {
      kty: 'RSA',
      n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
      e: 'AQAB',
      alg: 'RS256',
      kid: '2011-04-29',
    };
    expect(await thumbprint(rsa)).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('only the required members count: kid, alg and member order change nothing', async () => {
    const base = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
    const dressed = { x: base.x, kid: 'anything', use: 'sig', crv: 'Ed25519', kty: 'OKP' };
    expect(await thumbprint(dressed)).toBe(await thumbprint(base));
    await expect(thumbprint({ kty: 'OKP', crv: 'Ed25519' })).rejects.toThrow(/"x"/);
    await expect(thumbprint({ kty: 'weird' })).rejects.toThrow(/key type/);
  });
});

describe('input_sha256: SHA-256 of the RFC 8785 (JCS) form', () => {
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

  it('RFC 8785 §3.2.2: numbers, strings and literals in their canonical spelling', async () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    const canonical =
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}';
    expect(canonicalize(input)).toBe(canonical);
    expect(await inputSha256(input)).toBe(sha256(canonical));
  });

  it('RFC 8785 §3.2.3: keys sorted by their UTF-16 code units', async () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    const canonical =
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}';
    expect(canonicalize(input)).toBe(canonical);
    expect(await inputSha256(input)).toBe(sha256(canonical));
  });

  it('key order and number spelling never change it; a changed value does', async () => {
    const a = await inputSha256(JSON.parse('{"command": "ls", "timeout": 1.0}'));
    expect(await inputSha256(JSON.parse('{"timeout": 1, "command": "ls"}'))).toBe(a);
    expect(await inputSha256({ command: 'ls ', timeout: 1 })).not.toBe(a);
  });
});
