import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../worker/push/base64url.ts';
import { encryptPush, maxPlaintextBytes, PushKeyError } from '../../worker/push/encrypt.ts';

// RFC 8291 §5 (and Appendix A): fixed sender key and salt, so the body is known to the byte.
const rfc = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

async function senderKeys(privateKey: string, publicKey: string): Promise<CryptoKeyPair> {
  const point = fromBase64Url(publicKey)!;
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(point.subarray(1, 33)),
    y: toBase64Url(point.subarray(33)),
  };
  const curve = { name: 'ECDH', namedCurve: 'P-256' } as const;
  return {
    privateKey: await crypto.subtle.importKey('jwk', { ...jwk, d: privateKey }, curve, false, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', jwk, curve, true, []),
  };
}

const text = (value: string) => new TextEncoder().encode(value);

/** A browser's subscription keys, made as a browser makes them. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

describe('RFC 8291 message encryption', () => {
  it('reproduces the RFC 8291 §5 example byte for byte', async () => {
    const body = await encryptPush(
      text(rfc.plaintext),
      { p256dh: rfc.uaPublic, auth: rfc.auth },
      { salt: fromBase64Url(rfc.salt)!, sender: await senderKeys(rfc.asPrivate, rfc.asPublic) },
    );
    expect(toBase64Url(body)).toBe(rfc.body);
  });

  it('the example decrypts with http_ece and the user agent private key', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(rfc.uaPrivate, 'base64url'));
    const plain = ece.decrypt(Buffer.from(rfc.body, 'base64url'), {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: rfc.auth,
    });
    expect(plain.toString()).toBe(rfc.plaintext);
  });

  it('what it encrypts with fresh keys and salt, http_ece decrypts; each body differs', async () => {
    const device = browser();
    const message = JSON.stringify({ kind: 'ask', summary: 'git push origin main ✓' });
    const first = await encryptPush(text(message), device.keys);
    const second = await encryptPush(text(message), device.keys);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
    for (const body of [first, second]) {
      const plain = ece.decrypt(Buffer.from(body), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.auth.toString('base64url'),
      });
      expect(plain.toString()).toBe(message);
    }
  });

  it('another device, or a changed byte, cannot decrypt it', async () => {
    const device = browser();
    const body = Buffer.from(await encryptPush(text('only for this device'), device.keys));
    const other = browser();
    expect(() =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: other.ecdh, authSecret: device.keys.auth }),
    ).toThrow();
    expect(() =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: other.keys.auth }),
    ).toThrow();
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3]! ^= 1;
    expect(() =>
      ece.decrypt(tampered, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth }),
    ).toThrow();
  });

  it('the largest message that fits goes; one byte more is refused, never cut', async () => {
    const device = browser();
    const body = await encryptPush(new Uint8Array(maxPlaintextBytes).fill(0x61), device.keys);
    expect(body.length).toBeLessThanOrEqual(4096);
    await expect(encryptPush(new Uint8Array(maxPlaintextBytes + 1), device.keys)).rejects.toThrow(RangeError);
  });

  it('refuses keys no browser makes', async () => {
    const { keys } = browser();
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64]! ^= 1;
    const compressed = Buffer.concat([Buffer.of(0x02), point.subarray(1, 33)]);
    for (const p256dh of [
      offCurve.toString('base64url'),
      compressed.toString('base64url'),
      point.subarray(0, 64).toString('base64url'),
      'not base64url!',
      '',
    ])
      await expect(encryptPush(text('x'), { ...keys, p256dh }), p256dh).rejects.toThrow(PushKeyError);
    for (const auth of [randomBytes(15).toString('base64url'), randomBytes(32).toString('base64url'), '***'])
      await expect(encryptPush(text('x'), { ...keys, auth }), auth).rejects.toThrow(PushKeyError);
  });
});
