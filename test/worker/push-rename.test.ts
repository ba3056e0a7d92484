import { beforeAll, describe, expect, it } from 'vitest';
import { toBase64Url } from '../../worker/push/base64url.ts';
import { api, expectJson, type Team, team } from './session-fixtures.ts';

// docs/push.md "Devices": a device is named by its platform when it subscribes ("Chrome on
// Android") and its owner may rename it: PATCH /push/subscriptions/{id} {"label"}, 1–100
// characters of one line, trimmed; only the token that subscribed it; nothing else changes.

let t: Team;
let other: string;
beforeAll(async () => {
  t = await team();
  other = (
    await expectJson<{ token: string }>(201, '/tokens', { token: t.admin, body: { role: 'approver' } })
  ).token;
});

async function deviceKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: toBase64Url(point), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

interface Device {
  id: string;
  label: string | null;
  service: string;
  createdAt: string;
  lastDeliveredAt: string | null;
  lastShownAt: string | null;
}

async function subscribe(token: string, label: string): Promise<string> {
  const { id } = await expectJson<{ id: string }>(201, '/push/subscriptions', {
    token,
    body: {
      endpoint: `https://push.test/rename/${crypto.randomUUID()}`,
      keys: await deviceKeys(),
      label,
    },
  });
  return id;
}

const devices = async (token: string) =>
  (await expectJson<{ subscriptions: Device[] }>(200, '/push/subscriptions', { token })).subscriptions;
const rename = (id: string, body: unknown, token: string | null = t.approver) =>
  api(`/push/subscriptions/${id}`, { method: 'PATCH', token, body });

describe('renaming a device', () => {
  it('renames the caller’s own device, trimmed, and the list shows the new name', async () => {
    const id = await subscribe(t.approver, 'Chrome on Android');
    const [before] = await devices(t.approver);
    const res = await rename(id, { label: '  Work phone  ' });
    expect(res.status).toBe(200);
    const renamed = (await res.json()) as Device;
    expect(renamed).toEqual({ ...before, label: 'Work phone' });
    expect(await devices(t.approver)).toEqual([renamed]);
    // 100 characters is the limit, included.
    const longest = 'x'.repeat(100);
    expect((await rename(id, { label: longest })).status).toBe(200);
    expect((await devices(t.approver))[0]!.label).toBe(longest);
  });

  it.each([
    ['empty', { label: '' }],
    ['only spaces', { label: '   ' }],
    ['101 characters', { label: 'y'.repeat(101) }],
    ['two lines', { label: 'Phone\nTwo' }],
    ['a carriage return', { label: 'Phone\rTwo' }],
    ['a bidi override', { label: 'Phone \u202eenohP' }],
    ['a zero-width joiner', { label: 'Pho\u200dne' }],
    ['a line separator', { label: 'Phone\u2028Two' }],
    ['a number', { label: 5 }],
    ['null', { label: null }],
    ['no label', {}],
    ['another field', { label: 'Phone', name: 'Phone' }],
    ['an array', ['Phone']],
    ['not JSON', 'label=Phone'],
  ])('refuses %s with a 400 naming what is wrong, and keeps the name', async (_, body) => {
    const id = await subscribe(t.approver, 'Safari on iPhone');
    const res = await rename(id, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe('invalid_request');
    expect(JSON.stringify(answer)).toMatch(/label|JSON|body|expected/i);
    expect((await devices(t.approver)).find((device) => device.id === id)?.label).toBe('Safari on iPhone');
  });

  it('is 404 for another token’s device and for an unknown id, and changes nothing', async () => {
    const id = await subscribe(other, 'Firefox on Linux');
    expect((await rename(id, { label: 'Mine now' })).status).toBe(404);
    expect((await rename('no-such-device', { label: 'Mine now' })).status).toBe(404);
    expect((await devices(other)).find((device) => device.id === id)?.label).toBe('Firefox on Linux');
  });

  it('an agent token cannot rename (403); no token is a 401', async () => {
    const id = await subscribe(t.approver, 'Chrome on Linux');
    expect((await rename(id, { label: 'Agent was here' }, t.agent)).status).toBe(403);
    expect((await rename(id, { label: 'Nobody' }, null)).status).toBe(401);
    expect((await devices(t.approver)).find((device) => device.id === id)?.label).toBe('Chrome on Linux');
  });
});
