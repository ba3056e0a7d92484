import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported: the background runs here
// in Node on the fake browser, against the REAL relay (wrangler), its WebSocket Node's own.
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { type Background, startBackground } from '../../extension/lib/background-service.ts';
import type { PairingResult } from '../../extension/lib/messages.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The extension's background end to end, without a browser: pair with a pairing code, an agent
// asks, the badge and a notification appear, the notification's buttons really answer the agent,
// and a dropped connection comes back with a fresh snapshot and no second notification. The relay
// sits behind a TCP pass-through so the test can cut the network without restarting it.

let relay: TestRelay;
let proxy: TcpProxy;
let background: Background | undefined;
const errors: unknown[] = [];

beforeAll(async () => {
  relay = await startRelay();
  proxy = await startTcpProxy(new URL(relay.url));
});
afterAll(async () => {
  await proxy?.stop();
  await relay?.stop();
});

/** Events the fake browser lacks (ports): enough for the background to register its listener. */
function event() {
  return { addListener() {}, removeListener() {}, hasListener: () => false };
}

beforeEach(() => {
  fakeBrowser.reset();
  errors.length = 0;
  Object.assign(fakeBrowser.runtime, { onConnect: event() });
  Object.assign(fakeBrowser.permissions, { contains: async () => false });
  Object.assign(fakeBrowser.scripting, { getRegisteredContentScripts: async () => [] });
});
afterEach(() => {
  vi.restoreAllMocks();
  background?.stop();
  background = undefined;
  expect(errors).toEqual([]);
});

async function pairedBackground(): Promise<Background> {
  background = startBackground({
    notificationButtons: true,
    backoff: { initialMs: 100, maxMs: 400 },
    onError: (error) => errors.push(error),
  });
  const code = await relay.admin.createPairingCode();
  // A pairing link, as the QR code carries it — but pointing at the pass-through.
  const link = `${proxy.url}/app#pair=${encodeURIComponent(code.code)}`;
  const paired: PairingResult = await background.handle({ type: 'pair', url: '', code: link }, 'page');
  expect(paired).toMatchObject({ ok: true, relay: { url: proxy.url, workspaceId: 'default' } });
  return background;
}

const until = (test: () => boolean | Promise<boolean>, what: string, timeout = 15_000) =>
  vi.waitFor(async () => expect(await test(), what).toBe(true), { timeout, interval: 20 });

const badgeText = () => fakeBrowser.action.getBadgeText({});
const notificationIds = () => Object.keys(fakeBrowser.notifications.getAllCreateOptions());

const ask = (sid: string, id: string, command = 'rm -rf build') =>
  relay.agent.submit(sid, { tool_call_id: id, tool: 'Bash', input: { command }, wait: 0 });

describe('the background against the real relay', () => {
  it('pairs, shows an ask on the badge and in one notification, and Approve answers the agent', async () => {
    const paired = await pairedBackground();
    await until(() => paired.state().connection === 'live', 'live');
    const created = vi.spyOn(fakeBrowser.notifications, 'create');

    const asked = await ask('ext-approve', 'a1');
    expect(asked).toMatchObject({ outcome: 'pending', interaction: { state: 'active' } });
    const interactionId = asked.interaction!.interactionId;
    await until(async () => (await badgeText()) === '1', 'badge 1');
    await until(() => notificationIds().includes(interactionId), 'a notification');
    await paired.settled();
    expect(created).toHaveBeenCalledTimes(1);
    expect(fakeBrowser.notifications.getAllCreateOptions()[interactionId]).toMatchObject({
      title: 'Bash — ext-approve',
      message: 'rm -rf build',
      contextMessage: expect.stringMatching(/^Review required · /),
      buttons: [{ title: 'Approve' }, { title: 'Deny' }],
    });

    const waiting = relay.agent.waitFor('ext-approve', 'a1', { pollSeconds: 10 });
    await fakeBrowser.notifications.onButtonClicked.trigger(interactionId, 0);
    expect(await waiting).toMatchObject({
      outcome: 'allow',
      resolution: { source: 'user', actionId: 'allow_once', scope: 'once' },
    });
    await until(async () => (await badgeText()) === '', 'badge cleared');
    await until(() => notificationIds().length === 0, 'notification cleared');
  });

  it('Deny on the notification denies the agent', async () => {
    const paired = await pairedBackground();
    await until(() => paired.state().connection === 'live', 'live');
    const asked = await ask('ext-deny', 'd1', 'git push --force origin main');
    const interactionId = asked.interaction!.interactionId;
    await until(() => notificationIds().includes(interactionId), 'a notification');

    const waiting = relay.agent.waitFor('ext-deny', 'd1', { pollSeconds: 10 });
    await fakeBrowser.notifications.onButtonClicked.trigger(interactionId, 1);
    const denied = await waiting;
    expect(denied).toMatchObject({ outcome: 'deny', resolution: { source: 'user', actionId: 'deny' } });
    expect(denied.resolution?.comment).toBeUndefined();
  });

  it('a dropped connection reconnects with backoff; the snapshot repaints without a second notification', async () => {
    const paired = await pairedBackground();
    await until(() => paired.state().connection === 'live', 'live');
    const first = await ask('ext-drop', 'x1');
    const firstId = first.interaction!.interactionId;
    await until(() => notificationIds().includes(firstId), 'the first notification');
    await paired.settled();
    const created = vi.spyOn(fakeBrowser.notifications, 'create');

    // The network goes away: the badge says so, the question is still known.
    await proxy.stop();
    await until(() => paired.state().connection === 'unreachable', 'unreachable');
    expect(await badgeText()).toBe('!');
    expect(paired.state().error).toMatch(/retrying in \d+ s/);
    // Asked while away: the snapshot on return must bring it.
    const missed = await ask('ext-drop-2', 'x2', 'curl https://example.com/install.sh | sh');
    await proxy.start();

    await until(
      () =>
        paired.state().connection === 'live' &&
        paired
          .state()
          .sessions.some(
            (view) => view.activeInteraction?.interactionId === missed.interaction!.interactionId,
          ),
      'live again with the missed question',
    );
    await paired.settled();
    expect(await badgeText()).toBe('2');
    expect(created.mock.calls.map(([id]) => id)).toEqual([missed.interaction!.interactionId]);
    expect(notificationIds().sort()).toEqual([firstId, missed.interaction!.interactionId].sort());
    const sessionIds = paired.state().sessions.map((view) => view.sessionId);
    expect(new Set(sessionIds).size).toBe(sessionIds.length);

    // A cut TCP reports at once: back to live by itself, still no duplicate.
    proxy.cutConnections();
    await until(() => paired.state().connection !== 'live', 'noticed the cut');
    await until(() => paired.state().connection === 'live', 'live after the cut');
    await paired.settled();
    expect(created).toHaveBeenCalledTimes(1);

    // Clean up the questions so later tests start from an empty inbox.
    for (const [sid, asked] of [
      ['ext-drop', first],
      ['ext-drop-2', missed],
    ] as const)
      await relay.approver.respond(sid, {
        interaction_id: asked.interaction!.interactionId,
        answer: { decision: 'reject' },
      });
  });

  it('a used pairing code is refused in words, and nothing is stored', async () => {
    background = startBackground({ notificationButtons: true, onError: (error) => errors.push(error) });
    const code = await relay.admin.createPairingCode();
    const first = await background.handle({ type: 'pair', url: relay.url, code: code.code }, 'page');
    expect(first).toMatchObject({ ok: true });
    const again = await background.handle({ type: 'pair', url: relay.url, code: code.code }, 'page');
    expect(again).toMatchObject({
      ok: false,
      failure: 'code_used',
      message: expect.stringMatching(/already used/),
    });
    const nowhere = await background.handle(
      { type: 'pair', url: 'http://127.0.0.1:9', code: code.code },
      'page',
    );
    expect(nowhere).toMatchObject({ ok: false, failure: 'unreachable' });
  });
});
