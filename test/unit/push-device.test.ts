import { beforeEach, describe, expect, it } from 'vitest';
import {
  type BrowserSubscription,
  type DeviceStore,
  type KeptDevice,
  type RelayCall,
  registerDevice,
  unregisterDevice,
} from '../../extension/app/push-device.ts';

// Turning push off removes this device's subscription at the relay by the id the relay gave it,
// never by matching the push service's origin: the token's other devices on the same service
// (every Chrome is on fcm.googleapis.com) keep theirs.
//
// The relay here is a model of the subscription routes as they behave (test/worker/push.test.ts
// checks the real ones): one row per endpoint, a second POST of an endpoint keeps its id, a
// DELETE of an id the caller does not own or that is gone is a 404.

const fcm = 'https://fcm.googleapis.com/fcm/send/';

function fakeRelay() {
  const rows = new Map<string, { id: string; endpoint: string }>();
  let next = 1;
  const requests: string[] = [];
  let down = false;
  const call: RelayCall = async (method, path, body) => {
    requests.push(`${method} ${path}`);
    if (down) throw new TypeError('Failed to fetch');
    if (method === 'POST' && path === '/push/subscriptions') {
      const endpoint = (body as { endpoint: string }).endpoint;
      const row = rows.get(endpoint) ?? { id: `sub-${next++}`, endpoint };
      rows.set(endpoint, row);
      return Response.json({ id: row.id }, { status: 201 });
    }
    const match = /^\/push\/subscriptions\/(.+)$/.exec(path);
    if (method === 'DELETE' && match) {
      const id = decodeURIComponent(match[1]!);
      const row = [...rows.values()].find((r) => r.id === id);
      if (!row) return Response.json({ error: 'not_found' }, { status: 404 });
      rows.delete(row.endpoint);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 400 });
  };
  return {
    call,
    requests,
    ids: () => [...rows.values()].map((r) => r.id).sort(),
    idOf: (endpoint: string) => rows.get(endpoint)?.id,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

function memoryStore(): DeviceStore & { kept: KeptDevice | null } {
  return {
    kept: null,
    async read() {
      return this.kept;
    },
    async keep(device) {
      this.kept = device;
    },
    async forget() {
      this.kept = null;
    },
  };
}

const subscription = (endpoint: string): BrowserSubscription => ({
  endpoint,
  toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BP', auth: 'au' } }),
});

let relay: ReturnType<typeof fakeRelay>;
let store: ReturnType<typeof memoryStore>;

beforeEach(async () => {
  relay = fakeRelay();
  store = memoryStore();
  // The same token's other devices, on the same push service as this one.
  await relay.call('POST', '/push/subscriptions', subscription(`${fcm}laptop`).toJSON());
  await relay.call('POST', '/push/subscriptions', subscription(`${fcm}tablet`).toJSON());
});

describe('registerDevice', () => {
  it('keeps the id the relay gave, with the endpoint it belongs to', async () => {
    const device = await registerDevice(subscription(`${fcm}phone`), 'Phone', relay.call, store);
    expect(device).toEqual({ id: relay.idOf(`${fcm}phone`), endpoint: `${fcm}phone` });
    expect(store.kept).toEqual(device);
  });

  it.each([
    ['a refusal', async () => Response.json({ error: 'invalid' }, { status: 400 })],
    ['an answer without an id', async () => Response.json({}, { status: 201 })],
    ['an answer that is not JSON', async () => new Response('<html>', { status: 201 })],
  ])('keeps nothing after %s', async (_case, answer) => {
    await expect(registerDevice(subscription(`${fcm}phone`), 'Phone', answer, store)).rejects.toThrow();
    expect(store.kept).toBeNull();
  });
});

describe('unregisterDevice', () => {
  it('deletes the kept id and nothing else, even on the same push service', async () => {
    const phone = subscription(`${fcm}phone`);
    const { id } = await registerDevice(phone, 'Phone', relay.call, store);
    relay.requests.length = 0;
    expect(await unregisterDevice(phone, relay.call, store)).toEqual({ removed: [id], failed: [] });
    expect(relay.requests).toEqual([`DELETE /push/subscriptions/${id}`]);
    expect(relay.ids()).toEqual([relay.idOf(`${fcm}laptop`), relay.idOf(`${fcm}tablet`)].sort());
    expect(store.kept).toBeNull();
  });

  it('a device subscribed before ids were kept learns its id by registering again, then deletes only it', async () => {
    const phone = subscription(`${fcm}phone`);
    await relay.call('POST', '/push/subscriptions', phone.toJSON());
    const id = relay.idOf(`${fcm}phone`)!;
    expect(await unregisterDevice(phone, relay.call, store)).toEqual({ removed: [id], failed: [] });
    expect(relay.ids()).not.toContain(id);
    expect(relay.ids()).toHaveLength(2);
    expect(store.kept).toBeNull();
  });

  it('a renewed subscription: the kept (older) id and the current endpoint are both deleted', async () => {
    const old = await registerDevice(subscription(`${fcm}phone-old`), 'Phone', relay.call, store);
    const current = subscription(`${fcm}phone-new`);
    await relay.call('POST', '/push/subscriptions', current.toJSON());
    const currentId = relay.idOf(`${fcm}phone-new`)!;
    const result = await unregisterDevice(current, relay.call, store);
    expect(result.removed.sort()).toEqual([old.id, currentId].sort());
    expect(relay.ids()).toEqual([relay.idOf(`${fcm}laptop`), relay.idOf(`${fcm}tablet`)].sort());
  });

  it('an id the relay no longer has (already removed, or not this token’s) counts as removed', async () => {
    await store.keep({ id: 'sub-gone', endpoint: `${fcm}phone` });
    expect(await unregisterDevice(null, relay.call, store)).toEqual({ removed: ['sub-gone'], failed: [] });
    expect(relay.ids()).toHaveLength(2);
  });

  it('an id is put in the path as one segment: it cannot reach another route', async () => {
    await store.keep({ id: '../../tokens/x?y#z', endpoint: `${fcm}phone` });
    await unregisterDevice(null, relay.call, store);
    expect(relay.requests.at(-1)).toBe('DELETE /push/subscriptions/..%2F..%2Ftokens%2Fx%3Fy%23z');
  });

  it('with the relay out of reach it says so and forgets the id (the push service’s 410 removes it later)', async () => {
    const phone = subscription(`${fcm}phone`);
    const { id } = await registerDevice(phone, 'Phone', relay.call, store);
    relay.setDown(true);
    expect(await unregisterDevice(phone, relay.call, store)).toEqual({ removed: [], failed: [id] });
    expect(store.kept).toBeNull();
  });

  it('with no subscription and nothing kept it calls nothing', async () => {
    relay.requests.length = 0;
    expect(await unregisterDevice(null, relay.call, store)).toEqual({ removed: [], failed: [] });
    expect(relay.requests).toEqual([]);
  });
});
