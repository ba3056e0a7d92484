import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushMessage } from '../../shared/push/message.ts';
import { askAndWait } from '../support/extension-cards.ts';
import { type PushRelay, startPushRelay } from '../support/push-relay.ts';
import { browserKeys, decryptPush, type PushService, startPushService } from '../support/push-service.ts';

// Web Push from the real relay to a push service in this test (node http on 127.0.0.1): it
// checks each push's VAPID header as a push service does and decrypts the body with the
// device's private key, as the browser would.

let relay: PushRelay;
let service: PushService;

beforeAll(async () => {
  [relay, service] = await Promise.all([startPushRelay(), startPushService()]);
});

afterAll(async () => {
  await service?.close();
  await relay?.stop();
});

async function subscribe(name: string) {
  const device = browserKeys();
  const approver = await relay.approver(name);
  const res = await relay.call('POST', '/push/subscriptions', approver.token, {
    endpoint: service.endpoint(name),
    keys: device.keys,
    label: name,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { device, approver, id: ((await res.json()) as { id: string }).id };
}

const open = (push: { body: Buffer }, device: ReturnType<typeof browserKeys>) =>
  PushMessage.parse(JSON.parse(decryptPush(push.body, device)));

async function devicesOf(token: string): Promise<string[]> {
  const res = await relay.call('GET', '/push/subscriptions', token);
  return ((await res.json()) as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id);
}

describe('Web Push from the relay', () => {
  it('serves its VAPID public key to anyone', async () => {
    const res = await relay.call('GET', '/push/public-key', null);
    expect(await res.json()).toEqual({ publicKey: relay.vapidPublicKey });
  });

  it('a new ask reaches the push service signed and encrypted; its answer sends a quiet push with the same Topic', async () => {
    const phone = await subscribe('phone');
    await relay.agent.declareSession('push-ask', { title: 'Release notes', mode: 'default' });
    const ask = await askAndWait(relay.agent, 'push-ask', {
      tool_call_id: 'tag',
      tool: 'Bash',
      input: { command: 'git push origin v1.4.0' },
    });
    const push = await service.next('phone');
    expect(push.vapid).toMatchObject({ ok: true, k: relay.vapidPublicKey });
    if (!push.vapid.ok) throw new Error(push.vapid.error);
    expect(push.vapid.claims.aud).toBe(service.origin);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    const topic = push.headers.topic as string;
    expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const ttl = Number(push.headers.ttl);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    const message = open(push, phone.device);
    const interactionId = ask.submitted.interaction?.interactionId;
    expect(message).toEqual({
      kind: 'ask',
      sessionId: 'push-ask',
      // One notification per session (its tag); each device's push has an id it acknowledges.
      tag: 'gatehouse:push-ask',
      pushId: expect.stringMatching(/^pu-[\w-]+$/),
      interactionId,
      expiresAt: ask.submitted.interaction?.expiresAt,
      details: {
        tool: 'Bash',
        summary: 'git push origin v1.4.0',
        whole: true,
        risk: expect.any(String),
        sessionTitle: 'Release notes',
      },
    });

    await phone.approver.client.respond('push-ask', {
      interaction_id: interactionId!,
      answer: { decision: 'approve', scope: 'once' },
    });
    expect(await ask.answer).toMatchObject({ outcome: 'allow' });
    const closing = await service.next('phone');
    expect(closing.headers.topic).toBe(topic);
    expect(open(closing, phone.device)).toEqual({
      kind: 'closed',
      sessionId: 'push-ask',
      tag: 'gatehouse:push-ask',
      interactionId,
      outcome: 'answered',
    });
  });

  it('410 from the push service removes the subscription', async () => {
    const gone = await subscribe('gone');
    service.answer('gone', 410);
    expect(await devicesOf(gone.approver.token)).toEqual([gone.id]);
    await relay.agent.declareSession('push-gone', { mode: 'default' });
    await askAndWait(relay.agent, 'push-gone', {
      tool_call_id: 'g1',
      tool: 'Bash',
      input: { command: 'git push origin main' },
    });
    await service.next('gone');
    await expect.poll(() => devicesOf(gone.approver.token), { timeout: 10_000 }).toEqual([]);
  });

  it('a push service that hangs does not hold the agent: the answer arrives while the push is still unanswered', async () => {
    const stuck = await subscribe('stuck');
    service.answer('stuck', 'hang');
    await relay.agent.declareSession('push-hang', { mode: 'default' });
    const ask = await askAndWait(relay.agent, 'push-hang', {
      tool_call_id: 'h1',
      tool: 'Bash',
      input: { command: 'git push origin hang' },
    });
    // The push is at the service, which never answers it...
    const held = await service.next('stuck');
    expect(held.vapid.ok).toBe(true);
    // ...and yet the question is answered and the agent told, at once and in order.
    await stuck.approver.client.respond('push-hang', {
      interaction_id: ask.submitted.interaction!.interactionId,
      answer: { decision: 'reject', comment: 'no' },
    });
    expect(await ask.answer).toMatchObject({ outcome: 'deny' });
    // The hung request was never answered: the service still holds it.
    expect(held.answered).toBe(false);
    service.answer('stuck', 201);
  });

  it('pushDetails "none" sends ids only: no tool, no summary, no title', async () => {
    const quiet = await subscribe('quiet');
    const set = await relay.call('PUT', '/permissions', (await relay.approver('x')).token, {
      pushDetails: 'none',
    });
    expect(set.status).toBe(403);
    const put = await fetch(`${relay.url}/api/v1/permissions`, {
      method: 'PUT',
      headers: {
        authorization: 'Bearer e2e-push-admin-token-0123456789abcdef',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ pushDetails: 'none' }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    await relay.agent.declareSession('push-none', { title: 'Secret project', mode: 'default' });
    await askAndWait(relay.agent, 'push-none', {
      tool_call_id: 'n1',
      tool: 'Bash',
      input: { command: 'git push origin classified' },
    });
    const push = await service.next('quiet');
    const text = decryptPush(push.body, quiet.device);
    expect(text).not.toContain('Bash');
    expect(text).not.toContain('classified');
    expect(text).not.toContain('Secret project');
    expect(Object.keys(JSON.parse(text)).sort()).toEqual([
      'expiresAt',
      'interactionId',
      'kind',
      'pushId',
      'sessionId',
      'tag',
    ]);
    await fetch(`${relay.url}/api/v1/permissions`, {
      method: 'PUT',
      headers: {
        authorization: 'Bearer e2e-push-admin-token-0123456789abcdef',
        'content-type': 'application/json',
      },
      body: JSON.stringify({}),
    });
  });

  it('"send a test push" reaches each of the caller’s devices and only theirs', async () => {
    const mine = await subscribe('test-mine');
    await subscribe('test-other');
    const res = await relay.call('POST', '/push/test', mine.approver.token);
    expect(await res.json()).toEqual({ sent: 1, delivered: 1, removed: 0, failed: 0 });
    expect(open(await service.next('test-mine'), mine.device)).toMatchObject({ kind: 'test' });
    expect(service.received.some((p) => p.path === '/test-other' && open(p, browserKeys()) === null)).toBe(
      false,
    );
  });
});
