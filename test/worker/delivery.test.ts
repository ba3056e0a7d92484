import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PushStore } from '../../worker/push/store.ts';
import type { WorkspaceDO } from '../../worker/workspace/workspace-do.ts';
import { api, issue, json, messageQueue, newWorkspace, sessionView, warmUp } from './helpers.ts';

// Delivery follows presence and is known to arrive (docs/push.md), inside workerd: the real
// WorkspaceDO, its alarm run with `runDurableObjectAlarm`, and the worker project's push service
// (test/support/workerd-push-service.ts) taking its pushes at https://push.test/<device>.
// Time passing is the held push's or the receipt check's time moved to now, never a wait.

// The first request loads the whole Worker: on a busy machine that alone can take tens of seconds.
beforeAll(warmUp, 120_000);

interface LoggedPush {
  urgency: string | null;
  encoding: string | null;
  vapid: boolean;
}

const pushLog = async (device: string) =>
  (await (await fetch(`https://push.test/__log/${device}`)).json()) as LoggedPush[];

async function deviceKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const b64u = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return { p256dh: b64u(point), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) };
}

/** Until `check` holds, or fail: what the object does after an RPC returns runs in its waitUntil. */
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

/** A workspace with one approver ("Pixel" on the phone token) and its device at the push service. */
async function phoneWorkspace(permissions?: unknown) {
  const workspace = await newWorkspace();
  const phone = await issue('approver', workspace.token, 'phone');
  const device = `dev-${crypto.randomUUID()}`;
  const created = await api('POST', '/push/subscriptions', {
    token: phone.token,
    body: { endpoint: `https://push.test/${device}`, keys: await deviceKeys(), label: 'Pixel' },
  });
  expect(created.status).toBe(201);
  if (permissions !== undefined)
    expect((await api('PUT', '/permissions', { token: workspace.token, body: permissions })).status).toBe(
      200,
    );
  const stub = env.WORKSPACE.getByName(workspace.workspaceId);
  return { workspace, phone, device, stub, subscriptionId: (await json<{ id: string }>(created)).id };
}

async function openInbox(token: string) {
  const ticket = await json<{ ticket: string }>(await api('POST', '/ws-tickets', { token }));
  const res = await exports.default.fetch(
    `http://relay/api/v1/inbox?ticket=${encodeURIComponent(ticket.ticket)}`,
    { headers: { upgrade: 'websocket' } },
  );
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages = messageQueue(socket);
  socket.accept();
  await messages.next(); // the snapshot
  return { socket, messages };
}

/** Reports presence on a socket and waits until the object has it (it answers a snapshot after). */
async function reportOnSocket(socket: WebSocket, messages: ReturnType<typeof messageQueue>, active: boolean) {
  socket.send(JSON.stringify({ type: 'presence', active }));
  socket.send('snapshot');
  await messages.next();
}

const ask = (sessionId: string, risk: 'low' | 'medium' | 'high' | 'critical') =>
  sessionView(sessionId, { risk, createdAt: new Date().toISOString() });

type Stub = ReturnType<typeof env.WORKSPACE.getByName>;

/** The object's outbox: when each queued push is due. */
const outbox = (stub: Stub) =>
  runInDurableObject(stub, async (_: WorkspaceDO, state) =>
    state.storage.sql
      .exec<{ next_at: number; message: string }>('SELECT next_at, message FROM push_outbox')
      .toArray(),
  );

/** Moves every queued push (or receipt check) to now: the hold (or the wait for a receipt) is over. */
const timePasses = (stub: Stub) =>
  runInDurableObject(stub, async (_: WorkspaceDO, state) => {
    const now = Date.now();
    state.storage.sql.exec('UPDATE push_outbox SET next_at = ? WHERE next_at > ?', now, now);
    state.storage.sql.exec('UPDATE push_questions SET check_at = ? WHERE check_at IS NOT NULL', now);
    await state.storage.setAlarm(now);
  });

describe('delivery follows presence', () => {
  it('with an approver present (popup open) the push waits pushAfterSeconds, then goes if unanswered', async () => {
    const { phone, device, stub } = await phoneWorkspace();
    const { socket, messages } = await openInbox(phone.token);
    await reportOnSocket(socket, messages, true);
    const before = Date.now();
    await stub.sessionChanged(ask('s-held', 'high'));
    const [held] = await until(async () => {
      const rows = await outbox(stub);
      return rows.length > 0 && rows;
    }, 'the ask is queued');
    expect(held!.next_at - before).toBeGreaterThanOrEqual(15_000);
    // The alarm runs before the hold is over: nothing is due, nothing is sent.
    await runDurableObjectAlarm(stub);
    expect(await pushLog(device)).toEqual([]);
    await timePasses(stub);
    await runDurableObjectAlarm(stub);
    const sent = await until(async () => {
      const log = await pushLog(device);
      return log.length > 0 && log;
    }, 'the held push is sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ urgency: 'high', encoding: 'aes128gcm', vapid: true });
    socket.close(1000);
  });

  it('a question answered while its push is held never reaches the phone, not even as a closing push', async () => {
    const { phone, device, stub } = await phoneWorkspace();
    await api('POST', '/presence', { token: phone.token, body: { active: true } });
    await stub.sessionChanged(ask('s-answered', 'medium'));
    await until(async () => (await outbox(stub)).length > 0, 'the ask is queued');
    await stub.sessionChanged(sessionView('s-answered'));
    await until(async () => (await outbox(stub)).length === 0, 'the held ask is dropped');
    await timePasses(stub);
    await runDurableObjectAlarm(stub);
    expect(await pushLog(device)).toEqual([]);
  });

  it('with no approver present the push goes at once; an open socket that reported nothing is no presence', async () => {
    const { phone, device, stub } = await phoneWorkspace();
    const { socket } = await openInbox(phone.token);
    await stub.sessionChanged(ask('s-absent', 'low'));
    const log = await until(async () => {
      const pushes = await pushLog(device);
      return pushes.length > 0 && pushes;
    }, 'the push is sent at once');
    expect(log).toHaveLength(1);
    socket.close(1000);
  });

  it('critical goes at once even with an approver present', async () => {
    const { phone, device, stub } = await phoneWorkspace();
    const { socket, messages } = await openInbox(phone.token);
    await reportOnSocket(socket, messages, true);
    await stub.sessionChanged(ask('s-critical', 'critical'));
    await until(async () => (await pushLog(device)).length === 1, 'the critical push is sent at once');
    socket.close(1000);
  });

  it('pushAtOnceRisk and pushAfterSeconds come from the workspace permissions', async () => {
    const { phone, device, stub } = await phoneWorkspace({ delivery: { pushAtOnceRisk: 'high' } });
    await api('POST', '/presence', { token: phone.token, body: { active: true } });
    await stub.sessionChanged(ask('s-high', 'high'));
    await until(async () => (await pushLog(device)).length === 1, 'high goes at once');
    const zero = await phoneWorkspace({ delivery: { pushAfterSeconds: 0 } });
    await api('POST', '/presence', { token: zero.phone.token, body: { active: true } });
    await zero.stub.sessionChanged(ask('s-zero', 'low'));
    await until(async () => (await pushLog(zero.device)).length === 1, 'no hold at 0 s');
  });

  it('presence ends with active:false, with the socket closing, and lapses after 60 s', async () => {
    const { phone, device, stub } = await phoneWorkspace();
    const present = async () =>
      (
        await json<{ present: boolean }>(
          await api('POST', '/presence', { token: phone.token, body: { active: true } }),
        )
      ).present;
    expect(await present()).toBe(true);
    const off = await api('POST', '/presence', { token: phone.token, body: { active: false } });
    expect(await json(off)).toEqual({ present: false });
    // A socket's report counts until the socket closes.
    const { socket, messages } = await openInbox(phone.token);
    await reportOnSocket(socket, messages, true);
    expect(await runInDurableObject(stub, async (_: WorkspaceDO, state) => countPresence(state))).toBe(1);
    socket.close(1000);
    await until(
      async () =>
        (await runInDurableObject(stub, async (_: WorkspaceDO, state) => countPresence(state))) === 0,
      'the closed socket is forgotten',
    );
    // A client that reported over HTTP before its socket opened: the socket's report replaces
    // it, so closing the socket ends its presence.
    await present();
    const late = await openInbox(phone.token);
    await reportOnSocket(late.socket, late.messages, true);
    late.socket.close(1000);
    await until(
      async () =>
        (await runInDurableObject(stub, async (_: WorkspaceDO, state) => countPresence(state))) === 0,
      'the HTTP report went with the socket',
    );
    // A report older than a minute is no presence: the push goes at once.
    await present();
    await runInDurableObject(stub, async (_: WorkspaceDO, state) => {
      state.storage.sql.exec('UPDATE presence SET active_until = ?', Date.now() - 1);
    });
    await stub.sessionChanged(ask('s-lapsed', 'low'));
    await until(async () => (await pushLog(device)).length === 1, 'pushed at once after the lapse');
  });

  it('no phone push for a session in Full Access with nothing to ask', async () => {
    const { device, stub } = await phoneWorkspace();
    await stub.sessionChanged({ ...sessionView('s-full'), mode: 'bypass', engineMode: 'bypass' });
    await stub.sessionChanged({
      ...sessionView('s-full'),
      mode: 'bypass',
      engineMode: 'bypass',
      title: 'renamed',
    });
    await runDurableObjectAlarm(stub);
    expect(await outbox(stub)).toEqual([]);
    expect(await pushLog(device)).toEqual([]);
  });

  it('presence takes an approver token only, and a body that says active and nothing else', async () => {
    const workspace = await newWorkspace();
    const agent = await issue('agent', workspace.token);
    const approver = await issue('approver', workspace.token);
    expect((await api('POST', '/presence', { token: agent.token, body: { active: true } })).status).toBe(403);
    expect((await api('POST', '/presence', { body: { active: true } })).status).toBe(401);
    for (const body of [{}, { active: 'yes' }, { active: true, until: 5 }, [], null]) {
      const res = await api('POST', '/presence', { token: approver.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

function countPresence(state: DurableObjectState): number {
  return state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM presence').one().n;
}

describe('delivery settings', () => {
  it('GET /permissions returns the delivery and suggestion settings in force', async () => {
    const workspace = await newWorkspace();
    const initial = await json(await api('GET', '/permissions', { token: workspace.token }));
    expect(initial).toMatchObject({
      delivery: { pushAfterSeconds: 15, pushAtOnceRisk: 'critical', receiptSeconds: 30 },
      suggestions: { afterApprovals: 3 },
    });
    const put = await api('PUT', '/permissions', {
      token: workspace.token,
      body: { delivery: { pushAfterSeconds: 40, receiptSeconds: 2 }, suggestions: { afterApprovals: 0 } },
    });
    expect(put.status).toBe(200);
    expect(await json(await api('GET', '/permissions', { token: workspace.token }))).toMatchObject({
      permissions: { delivery: { pushAfterSeconds: 40, receiptSeconds: 2 } },
      delivery: { pushAfterSeconds: 40, pushAtOnceRisk: 'critical', receiptSeconds: 2 },
      suggestions: { afterApprovals: 0 },
    });
  });

  it('out of bounds or unknown delivery settings are a 400 naming the field, and change nothing', async () => {
    const workspace = await newWorkspace();
    const cases: [unknown, string][] = [
      [{ delivery: { pushAfterSeconds: 601 } }, 'delivery.pushAfterSeconds'],
      [{ delivery: { pushAfterSeconds: -1 } }, 'delivery.pushAfterSeconds'],
      [{ delivery: { pushAfterSeconds: 1.5 } }, 'delivery.pushAfterSeconds'],
      [{ delivery: { receiptSeconds: 1 } }, 'delivery.receiptSeconds'],
      [{ delivery: { receiptSeconds: 601 } }, 'delivery.receiptSeconds'],
      [{ delivery: { pushAtOnceRisk: 'severe' } }, 'delivery.pushAtOnceRisk'],
      [{ delivery: { pushAfter: 5 } }, 'delivery'],
      [{ delivery: 15 }, 'delivery'],
      [{ suggestions: { afterApprovals: -1 } }, 'suggestions.afterApprovals'],
      [{ suggestions: { afterApprovals: 'three' } }, 'suggestions.afterApprovals'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PUT', '/permissions', { token: workspace.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json()), JSON.stringify(body)).toContain(field.split('.').at(-1)!);
    }
    expect(await json(await api('GET', '/permissions', { token: workspace.token }))).toMatchObject({
      permissions: null,
      delivery: { pushAfterSeconds: 15 },
    });
  });
});

describe('known to arrive', () => {
  async function pushedQuestion(sessionId: string) {
    const setup = await phoneWorkspace({ delivery: { receiptSeconds: 5 } });
    await setup.stub.sessionChanged(ask(sessionId, 'medium'));
    await until(async () => (await pushLog(setup.device)).length === 1, 'the ask is sent');
    const sends = await until(
      () =>
        runInDurableObject(setup.stub, async (_: WorkspaceDO, state) => {
          const rows = new PushStore(state.storage).sendsOf(`ia-${sessionId}`);
          return rows.every((row) => row.accepted_at !== null) && rows;
        }),
      'the push service took it',
    );
    return { ...setup, pushId: sends[0]!.push_id };
  }

  it('a shown push is acknowledged by its pushId; the device and the inbox show it', async () => {
    const { phone, workspace, pushId, device, stub, subscriptionId } = await pushedQuestion('s-shown');
    expect(pushId).toMatch(/^pu-/);
    const receipt = await api('POST', '/push/receipts', { token: phone.token, body: { pushId } });
    expect(receipt.status).toBe(200);
    expect(await json(receipt)).toMatchObject({ pushId, shownAt: expect.any(String) });
    const { subscriptions } = await json<{ subscriptions: Record<string, unknown>[] }>(
      await api('GET', '/push/subscriptions', { token: phone.token }),
    );
    expect(subscriptions).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        lastShownAt: expect.any(String),
        lastDeliveredAt: expect.any(String),
      }),
    ]);
    const inbox = await json<{ sessions: { delivery?: unknown }[] }>(
      await api('GET', '/inbox', { token: workspace.token }),
    );
    expect(inbox.sessions[0]!.delivery).toMatchObject({
      interactionId: 'ia-s-shown',
      sentAt: expect.any(String),
      shown: { device: 'Pixel', afterSeconds: expect.any(Number) },
    });
    // Shown: the receipt check finds nothing to do, and no second push goes.
    await timePasses(stub);
    await runDurableObjectAlarm(stub);
    expect(await pushLog(device)).toHaveLength(1);
  });

  it('a receipt for another token’s push, an unknown pushId or a malformed one changes nothing', async () => {
    const { workspace, pushId, phone } = await pushedQuestion('s-foreign');
    const other = await issue('approver', workspace.token, 'other');
    const foreign = await api('POST', '/push/receipts', { token: other.token, body: { pushId } });
    expect(foreign.status).toBe(404);
    expect(
      (await api('POST', '/push/receipts', { token: phone.token, body: { pushId: 'pu-nothing' } })).status,
    ).toBe(404);
    const agent = await issue('agent', workspace.token);
    expect((await api('POST', '/push/receipts', { token: agent.token, body: { pushId } })).status).toBe(403);
    for (const body of [{}, { pushId: 'x' }, { pushId: 5 }, { pushId, more: 1 }]) {
      const res = await api('POST', '/push/receipts', { token: phone.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const { subscriptions } = await json<{ subscriptions: { lastShownAt: unknown }[] }>(
      await api('GET', '/push/subscriptions', { token: phone.token }),
    );
    expect(subscriptions[0]!.lastShownAt).toBeNull();
  });

  it('a question shown nowhere within receiptSeconds is pushed once more to every device; the dead one stays visible', async () => {
    const { stub, device, phone } = await pushedQuestion('s-unshown');
    const laptop = `dev-${crypto.randomUUID()}`;
    // A second device, subscribed after the first push: the push once more reaches every device.
    expect(
      (
        await api('POST', '/push/subscriptions', {
          token: phone.token,
          body: { endpoint: `https://push.test/${laptop}`, keys: await deviceKeys(), label: 'Laptop' },
        })
      ).status,
    ).toBe(201);
    // Before receiptSeconds, the alarm pushes nothing again.
    await runDurableObjectAlarm(stub);
    expect(await pushLog(device)).toHaveLength(1);
    await timePasses(stub);
    await runDurableObjectAlarm(stub);
    await until(async () => (await pushLog(device)).length === 2, 'pushed once more');
    await until(async () => (await pushLog(laptop)).length === 1, 'and to the other device');
    // Once more only.
    await timePasses(stub);
    await runDurableObjectAlarm(stub);
    expect(await pushLog(device)).toHaveLength(2);
    const { subscriptions } = await json<{ subscriptions: Record<string, unknown>[] }>(
      await api('GET', '/push/subscriptions', { token: phone.token }),
    );
    const pixel = subscriptions.find((row) => row.label === 'Pixel')!;
    expect(pixel.lastDeliveredAt).toEqual(expect.any(String));
    expect(pixel.lastShownAt).toBeNull();
  });
});
