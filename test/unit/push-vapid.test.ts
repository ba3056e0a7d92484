import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { fromBase64Url, toBase64Url } from '../../worker/push/base64url.ts';
import { jwtLifetimeSeconds, signingKey, vapidAuthorization, vapidFromEnv } from '../../worker/push/vapid.ts';
import { verifyVapid } from '../support/push-service.ts';

// RFC 8292: the Authorization header a push service checks, verified here as one would.

const generated = webpush.generateVAPIDKeys();
const env = {
  GATEHOUSE_VAPID_PUBLIC_KEY: generated.publicKey,
  GATEHOUSE_VAPID_PRIVATE_KEY: generated.privateKey,
  GATEHOUSE_VAPID_SUBJECT: 'mailto:ops@example.com',
};

describe('VAPID (RFC 8292)', () => {
  it('takes the keys `web-push generate-vapid-keys` prints', () => {
    expect(vapidFromEnv(env)).toEqual({
      publicKey: generated.publicKey,
      privateKey: generated.privateKey,
      subject: 'mailto:ops@example.com',
    });
  });

  it('signs a JWT the public key verifies: ES256, aud = the push service origin, exp ≤ 12 h, sub', async () => {
    const keys = vapidFromEnv(env)!;
    const now = Date.now();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def?x=1';
    const header = await vapidAuthorization(endpoint, keys, await signingKey(keys), now);
    const { k, claims } = verifyVapid(header, endpoint, Math.floor(now / 1000));
    expect(k).toBe(generated.publicKey);
    expect(claims).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: Math.floor(now / 1000) + jwtLifetimeSeconds,
      sub: 'mailto:ops@example.com',
    });
    expect(jwtLifetimeSeconds).toBeLessThanOrEqual(12 * 3600);
  });

  it('a signature from another key, or changed claims, do not verify', async () => {
    const keys = vapidFromEnv(env)!;
    const other = webpush.generateVAPIDKeys();
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/x';
    const header = await vapidAuthorization(endpoint, keys, await signingKey(keys));
    const swapped = header.replace(/k=[\w-]+$/, `k=${other.publicKey}`);
    expect(() => verifyVapid(swapped, endpoint, Math.floor(Date.now() / 1000))).toThrow(/signature/);
    const [, token] = /t=([\w.-]+),/.exec(header)!;
    const [head, , signature] = token!.split('.');
    const forged = toBase64Url(
      new TextEncoder().encode(JSON.stringify({ aud: 'https://evil.example', exp: 1, sub: 'mailto:x@y' })),
    );
    expect(() => verifyVapid(header.replace(token!, `${head}.${forged}.${signature}`), endpoint, 0)).toThrow(
      /signature/,
    );
    // The audience is the push service's origin, never another one.
    expect(() => verifyVapid(header, 'https://fcm.googleapis.com/x', Math.floor(Date.now() / 1000))).toThrow(
      /aud/,
    );
  });

  it('a private key that does not belong to the public key fails at import', async () => {
    const other = webpush.generateVAPIDKeys();
    const keys = vapidFromEnv({ ...env, GATEHOUSE_VAPID_PRIVATE_KEY: other.privateKey })!;
    await expect(signingKey(keys)).rejects.toThrow(/does not match/);
  });

  it('push is off without keys, or with keys or a subject that cannot be right', () => {
    expect(vapidFromEnv({})).toBeNull();
    expect(vapidFromEnv({ GATEHOUSE_VAPID_PUBLIC_KEY: generated.publicKey })).toBeNull();
    expect(vapidFromEnv({ ...env, GATEHOUSE_VAPID_PUBLIC_KEY: '' })).toBeNull();
    const point = fromBase64Url(generated.publicKey)!;
    expect(
      vapidFromEnv({ ...env, GATEHOUSE_VAPID_PUBLIC_KEY: toBase64Url(point.subarray(0, 33)) }),
    ).toBeNull();
    expect(vapidFromEnv({ ...env, GATEHOUSE_VAPID_PRIVATE_KEY: toBase64Url(new Uint8Array(31)) })).toBeNull();
    expect(vapidFromEnv({ ...env, GATEHOUSE_VAPID_SUBJECT: 'ops@example.com' })).toBeNull();
    expect(vapidFromEnv({ ...env, GATEHOUSE_VAPID_SUBJECT: 'http://example.com' })).toBeNull();
    expect(vapidFromEnv({ ...env, GATEHOUSE_VAPID_SUBJECT: 'https://example.com' })?.subject).toBe(
      'https://example.com',
    );
  });
});
