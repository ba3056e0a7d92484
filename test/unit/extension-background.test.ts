import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported (see extension-storage).
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { type Background, keepAliveAlarm, startBackground } from '../../extension/lib/background-service.ts';
import { dockScriptId } from '../../extension/lib/dock-registration.ts';
import type { StatePush } from '../../extension/lib/messages.ts';
import { dockEnabledItem, inboxCacheItem, notifiedItem, relayItem } from '../../extension/lib/storage.ts';
import type { SessionView } from '../../shared/contract/index.ts';
import { interaction, session } from './extension-fixtures.ts';

// The background's wiring on the fake browser, with the relay played by a fake fetch and a fake
// WebSocket the test drives. (test/e2e/extension-background.test.ts runs it against the real relay.)

const relayUrl = 'http://127.0.0.1:8787';
const pairing = {
  url: relayUrl,
  token: 'approver-token',
  workspaceId: 'default',
  pairedAt: '2026-11-30T10:00:00.000Z',
};
const extensionPage = {
  id: fakeBrowser.runtime.id,
  url: `chrome-extension://${fakeBrowser.runtime.id}/popup.html`,
};
const contentScript = { id: fakeBrowser.runtime.id, url: 'https://news.example/' };

/** An event like the browser's, which the test can fire. */
function event<Listener extends (...args: never[]) => unknown>() {
  const listeners: Listener[] = [];
  return {
    addListener: (listener: Listener) => listeners.push(listener),
    removeListener: (listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: Listener) => listeners.includes(listener),
    fire: (...args: Parameters<Listener>) => listeners.map((listener) => listener(...args)),
  };
}

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  addEventListener() {}
  send() {}
  close() {
    this.closed = true;
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }
}

const snapshot = (sessions: SessionView[]) => ({ type: 'snapshot', sessions, ts: new Date().toISOString() });

interface RelayScript {
  ticket: number;
  respond: number;
  respondBody?: unknown;
}

function fakeFetch(script: RelayScript) {
  const calls: Array<{ path: string; body?: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/v1/ws-tickets')
      return script.ticket === 201
        ? json(201, { ticket: 'tick', expiresAt: new Date(Date.now() + 30_000).toISOString() })
        : json(script.ticket, { error: { code: 'unauthorized', message: 'token revoked' } });
    if (url.pathname.endsWith('/interaction-respond'))
      return json(
        script.respond,
        script.respondBody ?? interaction(body.interaction_id, 'a', { state: 'resolved' }),
      );
    return json(404, { error: { code: 'not_found', message: 'no route' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

let onConnect: ReturnType<typeof event<(port: unknown) => void>>;
let background: Background | undefined;
const errors: unknown[] = [];

beforeEach(() => {
  fakeBrowser.reset();
  FakeSocket.all = [];
  errors.length = 0;
  onConnect = event();
  // What the fake browser does not implement: ports, permissions, scripting.
  Object.assign(fakeBrowser.runtime, { onConnect });
  Object.assign(fakeBrowser.permissions, { contains: vi.fn(async () => true) });
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: vi.fn(async () => []),
    registerContentScripts: vi.fn(async () => {}),
    unregisterContentScripts: vi.fn(async () => {}),
  });
});
afterEach(() => {
  background?.stop();
  background = undefined;
  // Every failure the background swallowed (storage, notifications, badge) would show up here.
  expect(errors).toEqual([]);
});

function start(script: Partial<RelayScript> = {}) {
  const relay = fakeFetch({ ticket: 201, respond: 200, ...script });
  background = startBackground({
    notificationButtons: true,
    fetch: relay.fetch,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    backoff: { initialMs: 10, maxMs: 20 },
    onError: (error) => errors.push(error),
  });
  return { background, relay };
}

/** A port as `runtime.onConnect` hands it over, recording what the background pushes. */
function connectPort(name: string, sender: object) {
  const pushes: StatePush[] = [];
  const onDisconnect = event<() => void>();
  const port = {
    name,
    sender,
    postMessage: (push: StatePush) => pushes.push(push),
    disconnect: vi.fn(),
    onDisconnect,
    onMessage: event(),
  };
  onConnect.fire(port);
  return { port, pushes, close: () => onDisconnect.fire() };
}

const until = async (test: () => boolean | Promise<boolean>, what: string) => {
  await vi.waitFor(async () => expect(await test(), what).toBe(true), { timeout: 2000, interval: 5 });
};
const badgeText = () => fakeBrowser.action.getBadgeText({});

describe('the background', () => {
  it('unpaired: no badge, the popup learns it is unpaired, and no socket is opened', async () => {
    const { background } = start();
    await background.ready;
    expect(background.state()).toEqual({ connection: 'unpaired', relayUrl: null, sessions: [] });
    const popup = connectPort('gatehouse-approver', extensionPage);
    await until(() => popup.pushes.length > 0, 'a push');
    expect(popup.pushes[0]).toEqual({ type: 'state', state: background.state() });
    expect(await badgeText()).toBe('');
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('paired: opens the inbox with a ticket, then badge, notification and popup follow the snapshot', async () => {
    await relayItem.setValue(pairing);
    const { background, relay } = start();
    await background.ready;
    await until(() => FakeSocket.all.length === 1, 'a socket');
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8787/api/v1/inbox?ticket=tick');
    expect(relay.calls.map((call) => call.path)).toEqual(['/api/v1/ws-tickets']);
    expect(await fakeBrowser.alarms.get(keepAliveAlarm)).toMatchObject({ periodInMinutes: 1 });

    const popup = connectPort('gatehouse-approver', extensionPage);
    FakeSocket.latest().push(snapshot([session('a', { risk: 'critical' })]));
    await background.settled();
    expect(await badgeText()).toBe('1');
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toEqual(['int-a']);
    expect(popup.pushes.at(-1)).toMatchObject({ type: 'state', state: { connection: 'live', relayUrl } });
    expect(await inboxCacheItem.getValue()).toMatchObject({
      connection: 'live',
      sessions: [{ sessionId: 'a' }],
    });

    // Answered elsewhere: the session update drops it, the badge and the notification follow.
    FakeSocket.latest().push({ type: 'session', session: session('a', { active: null }), ts: '' });
    await background.settled();
    expect(await badgeText()).toBe('');
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('a restarted worker repaints the cached inbox at once, before the relay says anything', async () => {
    await relayItem.setValue(pairing);
    await inboxCacheItem.setValue({ connection: 'live', sessions: [session('a'), session('b')] });
    await notifiedItem.setValue([
      { interactionId: 'int-a', sessionId: 'a', buttons: ['allow_once', 'deny'] },
      { interactionId: 'int-b', sessionId: 'b', buttons: ['allow_once', 'deny'] },
    ]);
    const { background } = start();
    await background.ready;
    expect(background.state()).toMatchObject({
      connection: 'connecting',
      sessions: [{ sessionId: 'a' }, { sessionId: 'b' }],
    });
    expect(await badgeText()).toBe('2');
    // The fresh snapshot replaces it; nothing already notified is notified again.
    await until(() => FakeSocket.all.length === 1, 'a socket');
    FakeSocket.latest().push(snapshot([session('a'), session('b')]));
    await background.settled();
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('the keep-alive alarm reopens the socket of a worker that lost it', async () => {
    await relayItem.setValue(pairing);
    const { background } = start();
    await until(() => FakeSocket.all.length === 1, 'a socket');
    background.stop();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: keepAliveAlarm,
      scheduledTime: Date.now(),
      persistAcrossSessions: false,
    });
    await until(() => FakeSocket.all.length === 2, 'a second socket');
  });

  it('a refused token ends the pairing: unpaired state, token forgotten, notifications cleared', async () => {
    await relayItem.setValue(pairing);
    await inboxCacheItem.setValue({ connection: 'live', sessions: [session('a')] });
    await fakeBrowser.notifications.create('int-a', {
      type: 'basic',
      title: 't',
      message: 'm',
      iconUrl: 'x',
    });
    const { background } = start({ ticket: 401 });
    await background.ready;
    await until(() => background.state().error !== undefined, 'unpaired with a reason');
    expect(background.state().connection).toBe('unpaired');
    await background.settled();
    expect(background.state().error).toMatch(/pair again/);
    expect(await relayItem.getValue()).toBeNull();
    expect(await inboxCacheItem.getValue()).toBeNull();
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('a notification button answers through the relay with the stored token', async () => {
    await relayItem.setValue(pairing);
    const { background, relay } = start();
    await until(() => FakeSocket.all.length === 1, 'a socket');
    FakeSocket.latest().push(snapshot([session('a')]));
    await background.settled();
    await fakeBrowser.notifications.onButtonClicked.trigger('int-a', 0);
    await until(
      () => relay.calls.some((call) => call.path.endsWith('/interaction-respond')),
      'a respond call',
    );
    expect(relay.calls.at(-1)).toEqual({
      path: '/api/v1/sessions/a/interaction-respond',
      body: { interaction_id: 'int-a', answer: { decision: 'approve', scope: 'once' } },
    });
    const headers = (relay.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[1]?.headers;
    expect(headers).toMatchObject({ authorization: 'Bearer approver-token' });
  });

  it('maps a 409 to "answered elsewhere" with the interaction from the error details', async () => {
    await relayItem.setValue(pairing);
    const resolved = interaction('int-a', 'a', {
      state: 'resolved',
      resolution: {
        toolCallId: 'call-int-a',
        behavior: 'allow',
        source: 'user',
        actionId: 'allow_once',
        scope: 'once',
        interactionId: 'int-a',
      },
    });
    const { background } = start({
      respond: 409,
      respondBody: {
        error: { code: 'conflict', message: 'already resolved', details: { interaction: resolved } },
      },
    });
    const result = await background.handle(
      { type: 'respond', sessionId: 'a', interactionId: 'int-a', answer: { decision: 'approve' } },
      'page',
    );
    expect(result).toEqual({
      ok: false,
      refusal: 'answered_elsewhere',
      message: 'already resolved',
      interaction: resolved,
    });
  });

  it('the dock gets only the most urgent request, and may only answer what is waiting', async () => {
    await relayItem.setValue(pairing);
    const { background, relay } = start();
    await until(() => FakeSocket.all.length === 1, 'a socket');
    const dock = connectPort('gatehouse-dock', contentScript);
    FakeSocket.latest().push(snapshot([session('a', { risk: 'critical' }), session('b', { risk: 'low' })]));
    await background.settled();
    const last = dock.pushes.at(-1);
    expect(last).toMatchObject({
      type: 'dock',
      state: { request: { sessionId: 'a', tool: 'Bash', canApprove: true } },
    });
    expect(JSON.stringify(dock.pushes)).not.toContain('approver-token');
    expect(JSON.stringify(dock.pushes)).not.toContain(relayUrl);

    const stale = await background.handle(
      {
        type: 'respond',
        sessionId: 'a',
        interactionId: 'int-old',
        answer: { decision: 'approve', scope: 'once' },
      },
      'content',
    );
    expect(stale).toMatchObject({ ok: false, refusal: 'answered_elsewhere' });
    expect(relay.calls.some((call) => call.path.endsWith('/interaction-respond'))).toBe(false);
  });

  it('answers its own contexts through onMessage, and strangers not at all', async () => {
    const { background } = start();
    await background.ready;
    const answers: unknown[] = [];
    const reply = (answer: unknown) => answers.push(answer);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'pairing' }, extensionPage, reply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'pairing' }, { id: 'other-extension' }, reply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'nope' }, extensionPage, reply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'unpair' }, contentScript, reply);
    await until(() => answers.length === 3, 'three answers');
    expect(answers).toContainEqual({ relay: null, dockEnabled: false });
    expect(answers).toContainEqual({ ok: false, refusal: 'invalid', message: 'unknown request' });
    expect(answers).toContainEqual({
      ok: false,
      refusal: 'invalid',
      message: 'a content script may not send "unpair"',
    });
  });

  it('refuses a port from a stranger or a content script asking for the whole inbox', async () => {
    start();
    const stranger = connectPort('gatehouse-approver', { id: 'other-extension' });
    const content = connectPort('gatehouse-approver', contentScript);
    expect(stranger.port.disconnect).toHaveBeenCalled();
    expect(content.port.disconnect).toHaveBeenCalled();
    await background?.ready;
    expect(stranger.pushes).toEqual([]);
    expect(content.pushes).toEqual([]);
  });

  it('starts on Firefox too, whose notifications have no button event', async () => {
    const buttons = fakeBrowser.notifications.onButtonClicked;
    Object.assign(fakeBrowser.notifications, { onButtonClicked: undefined });
    try {
      const { background } = start();
      await background.ready;
      expect(background.state().connection).toBe('unpaired');
    } finally {
      Object.assign(fakeBrowser.notifications, { onButtonClicked: buttons });
    }
  });

  it('turns the dock on only with the permission, and registers its script', async () => {
    const { background } = start();
    await background.ready;
    expect(await background.handle({ type: 'dockEnabled', enabled: true }, 'page')).toEqual({
      relay: null,
      dockEnabled: true,
    });
    expect(fakeBrowser.scripting.registerContentScripts).toHaveBeenCalledWith([
      expect.objectContaining({
        id: dockScriptId,
        js: ['content-scripts/dock.js'],
        matches: ['http://*/*', 'https://*/*'],
      }),
    ]);
    Object.assign(fakeBrowser.permissions, { contains: vi.fn(async () => false) });
    Object.assign(fakeBrowser.scripting, {
      getRegisteredContentScripts: vi.fn(async () => [{ id: dockScriptId }]),
    });
    expect(await background.handle({ type: 'dockEnabled', enabled: true }, 'page')).toMatchObject({
      dockEnabled: false,
    });
    expect(fakeBrowser.scripting.unregisterContentScripts).toHaveBeenCalledWith({ ids: [dockScriptId] });
    expect(await dockEnabledItem.getValue()).toBe(false);
  });
});
