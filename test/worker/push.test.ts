import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryDefaults } from '../../shared/contract/index.ts';
import app from '../../worker/index.ts';
import { fromBase64Url, toBase64Url } from '../../worker/push/base64url.ts';
import { encryptPush } from '../../worker/push/encrypt.ts';
import { Pusher, retryDelaysMs } from '../../worker/push/pusher.ts';
import { PushStore } from '../../worker/push/store.ts';
import { signingKey, type VapidKeys, vapidAuthorization } from '../../worker/push/vapid.ts';
import { migrations } from '../../worker/workspace/schema.ts';
import type { WorkspaceDO } from '../../worker/workspace/workspace-do.ts';
import { api, bootstrapToken, issue, json, newWorkspace, sessionView, warmUp } from './helpers.ts';

// Web Push inside workerd: the crypto runs here, the routes keep each token's devices, revoking
// a token drops them, and the outbox's answers (410, 5xx, 2xx) do what docs/push.md says.

beforeAll(warmUp);

async function vapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { publicKey: toBase64Url(point), privateKey: jwk.d!, subject: 'mailto:ops@example.com' };
}

async function deviceKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: toBase64Url(point), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

let vapid: VapidKeys;
let pushEnv: Env;
beforeAll(async () => {
  vapid = await vapidKeys();
  pushEnv = {
    ...env,
    GATEHOUSE_VAPID_PUBLIC_KEY: vapid.publicKey,
    GATEHOUSE_VAPID_PRIVATE_KEY: vapid.privateKey,
    GATEHOUSE_VAPID_SUBJECT: vapid.subject,
  };
});

/** A request to the relay with push configured (the DO's own env stays the project's). */
function pushApi(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  extra: Partial<Env> = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(
    new Request(`http://relay/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...pushEnv, ...extra },
    { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
  );
}

describe('Web Push crypto in workerd', () => {
  it('reproduces the RFC 8291 §5 example and signs a VAPID JWT', async () => {
    const curve = { name: 'ECDH', namedCurve: 'P-256' } as const;
    const asPublic = fromBase64Url(
      'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
    )!;
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: toBase64Url(asPublic.subarray(1, 33)),
      y: toBase64Url(asPublic.subarray(33)),
    };
    const sender = {
      privateKey: await crypto.subtle.importKey(
        'jwk',
        { ...jwk, d: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw' },
        curve,
        false,
        ['deriveBits'],
      ),
      publicKey: await crypto.subtle.importKey('jwk', jwk, curve, true, []),
    };
    const body = await encryptPush(
      new TextEncoder().encode('When I grow up, I want to be a watermelon'),
      {
        p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
        auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      },
      { salt: fromBase64Url('DGv6ra1nlYgDCS1FRnbzlw')!, sender },
    );
    expect(toBase64Url(body)).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    const header = await vapidAuthorization('https://push.example/x', vapid, await signingKey(vapid));
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  });
});

describe('push routes', () => {
  it('without VAPID keys push is off and says so', async () => {
    const noKeys = { GATEHOUSE_VAPID_PUBLIC_KEY: '', GATEHOUSE_VAPID_PRIVATE_KEY: '' };
    const res = await pushApi('GET', '/push/public-key', null, undefined, noKeys);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('VAPID');
    const approver = await issue('approver');
    const off = await pushApi(
      'POST',
      '/push/subscriptions',
      approver.token,
      { endpoint: 'https://push.example/a', keys: await deviceKeys() },
      noKeys,
    );
    expect(off.status).toBe(404);
  });

  it('gives the public key to anyone, subscribes, lists only the caller’s own, removes them', async () => {
    const key = await pushApi('GET', '/push/public-key', null);
    expect(await json(key)).toEqual({ publicKey: vapid.publicKey });
    const phone = await issue('approver', bootstrapToken, 'phone');
    const laptop = await issue('approver', bootstrapToken, 'laptop');
    const created = await pushApi('POST', '/push/subscriptions', phone.token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: await deviceKeys(),
      label: 'Pixel',
    });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const mine = await json<{ subscriptions: Record<string, unknown>[] }>(
      await pushApi('GET', '/push/subscriptions', phone.token),
    );
    expect(mine.subscriptions).toEqual([
      expect.objectContaining({
        id,
        label: 'Pixel',
        service: 'https://fcm.googleapis.com',
        lastDeliveredAt: null,
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain('/fcm/send/abc');
    expect(JSON.stringify(mine)).not.toContain('p256dh');
    const theirs = await json<{ subscriptions: unknown[] }>(
      await pushApi('GET', '/push/subscriptions', laptop.token),
    );
    expect(theirs.subscriptions).toEqual([]);
    expect((await pushApi('DELETE', `/push/subscriptions/${id}`, laptop.token)).status).toBe(404);
    expect((await pushApi('DELETE', `/push/subscriptions/${id}`, phone.token)).status).toBe(204);
    expect((await pushApi('DELETE', `/push/subscriptions/${id}`, phone.token)).status).toBe(404);
  });

  it('an agent token cannot subscribe, list or test; no token is a 401', async () => {
    const agent = await issue('agent');
    const body = { endpoint: 'https://push.example/a', keys: await deviceKeys() };
    expect((await pushApi('POST', '/push/subscriptions', agent.token, body)).status).toBe(403);
    expect((await pushApi('GET', '/push/subscriptions', agent.token)).status).toBe(403);
    expect((await pushApi('POST', '/push/test', agent.token)).status).toBe(403);
    expect((await pushApi('POST', '/push/subscriptions', null, body)).status).toBe(401);
  });

  it('an invalid subscription is a 400 naming the field', async () => {
    const approver = await issue('approver');
    const keys = await deviceKeys();
    const point = fromBase64Url(keys.p256dh)!;
    const offCurve = Uint8Array.from(point);
    offCurve[64]! ^= 1;
    const cases: [unknown, string, Partial<Env>?][] = [
      [{ endpoint: 'http://push.example/a', keys }, 'endpoint'],
      [{ endpoint: 'http://127.0.0.1:9/a', keys }, 'endpoint'],
      [{ endpoint: 'http://localhost:9/a', keys }, 'endpoint', { GATEHOUSE_PUSH_ALLOW_INSECURE: '1' }],
      [
        { endpoint: 'http://127.0.0.1.evil.example/a', keys },
        'endpoint',
        { GATEHOUSE_PUSH_ALLOW_INSECURE: '1' },
      ],
      [{ endpoint: 'http://[::1]:9/a', keys }, 'endpoint', { GATEHOUSE_PUSH_ALLOW_INSECURE: '1' }],
      [{ endpoint: 'https://user:pw@push.example/a', keys }, 'endpoint'],
      [{ endpoint: 'javascript:alert(1)', keys }, 'endpoint'],
      [{ endpoint: 'file:///etc/passwd', keys }, 'endpoint'],
      [{ endpoint: '/relative', keys }, 'endpoint'],
      [{ endpoint: `https://push.example/${'a'.repeat(3000)}`, keys }, 'endpoint'],
      [{ endpoint: 'https://push.example/a' }, 'keys'],
      [
        { endpoint: 'https://push.example/a', keys: { ...keys, p256dh: toBase64Url(point.subarray(0, 33)) } },
        'keys.p256dh',
      ],
      [
        { endpoint: 'https://push.example/a', keys: { ...keys, p256dh: toBase64Url(offCurve) } },
        'keys.p256dh',
      ],
      [{ endpoint: 'https://push.example/a', keys: { ...keys, auth: 'AAAA' } }, 'keys.auth'],
      [{ endpoint: 'https://push.example/a', keys: { ...keys, auth: 'not base64!' } }, 'keys.auth'],
      [{ endpoint: 'https://push.example/a', keys, label: 'x'.repeat(500) }, 'label'],
    ];
    for (const [body, field, extra] of cases) {
      const res = await pushApi('POST', '/push/subscriptions', approver.token, body, extra);
      const text = await res.text();
      expect(res.status, text).toBe(400);
      const details = (JSON.parse(text) as { error: { details: { path: string }[] } }).error.details;
      expect(
        details.map((d) => d.path),
        text,
      ).toContain(field);
    }
    // The insecure var allows exactly http://127.0.0.1.
    const local = await pushApi(
      'POST',
      '/push/subscriptions',
      approver.token,
      { endpoint: 'http://127.0.0.1:9/a', keys },
      { GATEHOUSE_PUSH_ALLOW_INSECURE: '1' },
    );
    expect(local.status).toBe(201);
  });

  it('revoking an approver token drops its subscriptions', async () => {
    const approver = await issue('approver');
    const res = await pushApi('POST', '/push/subscriptions', approver.token, {
      endpoint: 'https://push.example/revoked',
      keys: await deviceKeys(),
    });
    expect(res.status).toBe(201);
    const stub = env.WORKSPACE.getByName('default');
    const count = () =>
      runInDurableObject(
        stub,
        (_: WorkspaceDO, state) => new PushStore(state.storage).subscriptionsOf(approver.id).length,
      );
    expect(await count()).toBe(1);
    expect((await api('DELETE', `/tokens/${approver.id}`, { token: bootstrapToken })).status).toBe(200);
    expect(await count()).toBe(0);
  });
});

describe('the outbox', () => {
  async function withPusher(answer: (request: Request) => Promise<Response>) {
    const workspace = await newWorkspace();
    const stub = env.WORKSPACE.getByName(workspace.workspaceId);
    const seen: Request[] = [];
    let schedule: number | null = null;
    const keys = await deviceKeys();
    return runInDurableObject(stub, async (_: WorkspaceDO, state) => {
      const store = new PushStore(state.storage);
      const background: Promise<void>[] = [];
      const pusher = new Pusher({
        store,
        vapid,
        background: (work) => background.push(work),
        schedule: async (at) => {
          schedule = at;
        },
        fetch: (async (input: RequestInfo, init?: RequestInit) => {
          const request = new Request(input, init);
          seen.push(request);
          return answer(request);
        }) as typeof fetch,
      });
      const id = store.saveSubscription({
        id: 'ps-test',
        token_id: 'tk-x',
        endpoint: 'https://push.example/device',
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: null,
        created_at: Date.now(),
        last_delivered_at: null,
      });
      const view = sessionView('s-outbox', { risk: 'low', createdAt: new Date().toISOString() });
      await pusher.sessionChanged(
        view as never,
        { details: 'summary', delivery: deliveryDefaults, present: false },
        Date.now(),
      );
      // Deliveries start more background work; wait until none is left.
      for (let settled = 0; settled < background.length; ) {
        const count = background.length;
        await Promise.all(background);
        settled = count;
      }
      // Read here: storage belongs to this object's context.
      return {
        kept: store.subscription(id) !== null,
        nextDue: store.nextDue(),
        seen,
        schedule: () => schedule,
      };
    });
  }

  it('sends with TTL, Urgency, Topic and aes128gcm; 2xx marks the device delivered', async () => {
    const { seen, schedule } = await withPusher(async () => new Response(null, { status: 201 }));
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.headers.get('content-encoding')).toBe('aes128gcm');
    expect(request.headers.get('urgency')).toBe('high');
    expect(request.headers.get('topic')).toMatch(/^[\w-]{1,32}$/);
    expect(Number(request.headers.get('ttl'))).toBeGreaterThan(0);
    expect(request.headers.get('authorization')).toMatch(/^vapid t=/);
    // Taken: nothing left to send; the alarm next looks for the device's receipt (receiptSeconds).
    expect(schedule()! - Date.now()).toBeGreaterThan(deliveryDefaults.receiptSeconds * 1000 - 5_000);
  });

  it('410 deletes the subscription', async () => {
    const workspace = await withPusher(async () => new Response(null, { status: 410 }));
    expect(workspace.kept).toBe(false);
    expect(workspace.nextDue).toBeNull();
  });

  it('5xx and no answer are retried by the alarm with backoff; 400 drops the message, keeps the device', async () => {
    const before = Date.now();
    const failing = await withPusher(async () => new Response(null, { status: 503 }));
    expect(failing.kept).toBe(true);
    expect(failing.nextDue).toBe(failing.schedule());
    const next = failing.schedule();
    expect(next).not.toBeNull();
    expect(next! - before).toBeGreaterThanOrEqual(retryDelaysMs[0]);
    const unreachable = await withPusher(async () => {
      throw new TypeError('connection refused');
    });
    expect(unreachable.schedule()).not.toBeNull();
    const refused = await withPusher(async () => new Response(null, { status: 400 }));
    expect(refused.kept).toBe(true);
    expect(refused.nextDue).toBeNull();
  });
});

describe('schema', () => {
  it('the push tables, then presence and receipts, then learned rules, each a migration of its own in order', async () => {
    const at = (table: string) => migrations.findIndex((sql) => sql.includes(`CREATE TABLE ${table} `));
    expect(at('push_subscriptions')).toBeGreaterThan(0);
    expect(at('presence')).toBe(at('push_subscriptions') + 1);
    expect(at('push_sends')).toBe(at('presence'));
    expect(at('learned_rules')).toBe(at('presence') + 1);
  });
});
