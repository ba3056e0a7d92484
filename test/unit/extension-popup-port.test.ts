import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported (see extension-storage).
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import type { StatePush } from '../../extension/lib/messages.ts';
import { createPopupPort, initialInboxState } from '../../extension/lib/popup-port.ts';
import type { InboxState } from '../../extension/ui/port.ts';
import { interaction, session } from './extension-fixtures.ts';

// The popup's ApproverPort over the background's protocol: the port for pushes, requests for actions.

function event<Listener extends (...args: never[]) => unknown>() {
  const listeners: Listener[] = [];
  return {
    addListener: (listener: Listener) => listeners.push(listener),
    fire: (...args: Parameters<Listener>) => {
      for (const listener of listeners) listener(...args);
    },
  };
}

/** The ports the popup opens, each with a way to push to it and to drop it. */
function fakePorts() {
  const opened: Array<{
    name: string;
    push(message: StatePush): void;
    drop(): void;
    disconnect: ReturnType<typeof vi.fn>;
  }> = [];
  const connect = vi.fn(({ name }: { name: string }) => {
    const onMessage = event<(message: StatePush) => void>();
    const onDisconnect = event<() => void>();
    const disconnect = vi.fn();
    opened.push({ name, push: onMessage.fire, drop: onDisconnect.fire, disconnect });
    return { name, onMessage, onDisconnect, disconnect, postMessage: vi.fn() };
  });
  Object.assign(fakeBrowser.runtime, { connect });
  return opened;
}

const live: InboxState = { connection: 'live', relayUrl: 'http://127.0.0.1:8787', sessions: [session('a')] };

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the popup port', () => {
  it('says "connecting" at once, then follows what the background pushes', () => {
    const ports = fakePorts();
    const seen: InboxState[] = [];
    createPopupPort().subscribe((state) => seen.push(state));
    expect(seen).toEqual([initialInboxState]);
    expect(ports.map((port) => port.name)).toEqual(['gatehouse-approver']);
    ports[0]!.push({ type: 'state', state: live });
    ports[0]!.push({ type: 'dock', state: { request: null } });
    expect(seen).toEqual([initialInboxState, live]);
  });

  it('reopens the port when the background goes away, and closes it with the last listener', () => {
    const ports = fakePorts();
    const port = createPopupPort();
    const unsubscribe = port.subscribe(() => {});
    ports[0]!.drop();
    vi.advanceTimersByTime(300);
    expect(ports).toHaveLength(2);
    unsubscribe();
    expect(ports[1]!.disconnect).toHaveBeenCalled();
    ports[1]!.drop();
    vi.advanceTimersByTime(300);
    expect(ports).toHaveLength(2);
  });

  it('a late subscriber gets the last state at once, over the same port', () => {
    const ports = fakePorts();
    const port = createPopupPort();
    port.subscribe(() => {});
    ports[0]!.push({ type: 'state', state: live });
    const later = vi.fn();
    port.subscribe(later);
    expect(later).toHaveBeenCalledWith(live);
    expect(ports).toHaveLength(1);
  });

  it('sends actions as requests and passes the answers through', async () => {
    vi.useRealTimers();
    const requests: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
      requests.push(message);
      sendResponse({ ok: true, value: interaction('int-a', 'a', { state: 'resolved' }) });
      return true;
    });
    const port = createPopupPort();
    await expect(
      port.respond({ sessionId: 'a', interactionId: 'int-a', answer: { decision: 'reject', comment: 'no' } }),
    ).resolves.toMatchObject({
      ok: true,
      value: { interactionId: 'int-a' },
    });
    await port.timeline('a');
    await port.timeline('a', 10);
    await port.selectMode('a', 'plan');
    await port.grantRequested('a');
    await port.sessions();
    expect(requests).toEqual([
      {
        type: 'respond',
        sessionId: 'a',
        interactionId: 'int-a',
        answer: { decision: 'reject', comment: 'no' },
      },
      { type: 'timeline', sessionId: 'a' },
      { type: 'timeline', sessionId: 'a', limit: 10 },
      { type: 'selectMode', sessionId: 'a', mode: 'plan' },
      { type: 'grantRequested', sessionId: 'a' },
      { type: 'sessions' },
    ]);
  });

  it('a background that does not answer is "unreachable", never an exception', async () => {
    vi.useRealTimers();
    // No listener at all: the fake, like the browser, rejects.
    await expect(createPopupPort().sessions()).resolves.toMatchObject({ ok: false, refusal: 'unreachable' });
    fakeBrowser.runtime.onMessage.addListener(() => undefined);
    await expect(createPopupPort().sessions()).resolves.toMatchObject({ ok: false, refusal: 'unreachable' });
  });
});
