import { afterAll, beforeAll, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported (as the unit tests do).
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { createDirectPort } from '../../extension/app/direct-port.ts';
import { savePairing } from '../../extension/app/pairing-store.ts';
import { type Background, startBackground } from '../../extension/lib/background-service.ts';
import type { StatePush } from '../../extension/lib/messages.ts';
import { createPopupPort } from '../../extension/lib/popup-port.ts';
import { relayItem } from '../../extension/lib/storage.ts';
import { runApproverPortContract } from '../support/approver-port-contract.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The one ApproverPort contract (test/support/approver-port-contract.ts) run against both
// implementations and the real relay under wrangler dev: /app's direct port (fetch and the inbox
// WebSocket, in Node), and the popup's port over the real background (the background service,
// its message guard and its relay calls, in Node with WXT's fake browser; only the runtime's
// message and port transport is wired here, as the browser would carry it).

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

runApproverPortContract('/app direct port', {
  relay: () => relay,
  make: async (r, token) => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    savePairing(storage, { token, workspaceId: 'default' });
    const port = createDirectPort({ origin: r.url, storage, fetch, WebSocket });
    return { port, close: () => port.close() };
  },
});

/** The browser's runtime transport between an extension page and the background. */
function wireRuntime() {
  // What the fake browser does not implement: ports, permissions, scripting (the dock stays off).
  const connectListeners = new Set<(port: unknown) => void>();
  Object.assign(fakeBrowser.runtime, {
    onConnect: { addListener: (listener: (port: unknown) => void) => connectListeners.add(listener) },
  });
  Object.assign(fakeBrowser.permissions, { contains: async () => true });
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: async () => [],
    registerContentScripts: async () => {},
    unregisterContentScripts: async () => {},
  });
  const page = { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/popup.html` };
  Object.assign(fakeBrowser.runtime, {
    sendMessage: (message: unknown) =>
      new Promise((resolve) => {
        void fakeBrowser.runtime.onMessage.trigger(message, page, resolve).then((answers: unknown[]) => {
          if (!answers.some((answer) => answer === true)) resolve(undefined);
        });
      }),
    connect: ({ name }: { name: string }) => {
      const toPage = new Set<(push: StatePush) => void>();
      const pageGone = new Set<() => void>();
      const backgroundGone = new Set<() => void>();
      const backgroundSide = {
        name,
        sender: page,
        postMessage: (push: StatePush) => {
          for (const listener of toPage) listener(push);
        },
        disconnect: () => {
          for (const listener of pageGone) listener();
        },
        onMessage: { addListener() {}, removeListener() {} },
        onDisconnect: {
          addListener: (listener: () => void) => backgroundGone.add(listener),
          removeListener() {},
        },
      };
      const pageSide = {
        name,
        postMessage() {},
        disconnect: () => {
          for (const listener of backgroundGone) listener();
        },
        onMessage: { addListener: (listener: (push: StatePush) => void) => toPage.add(listener) },
        onDisconnect: { addListener: (listener: () => void) => pageGone.add(listener) },
      };
      for (const listener of connectListeners) listener(backgroundSide);
      return pageSide;
    },
  });
}

let background: Background | null = null;
runApproverPortContract('popup port over the background', {
  relay: () => relay,
  make: async (r, token) => {
    background?.stop();
    fakeBrowser.reset();
    await relayItem.setValue({
      url: r.url,
      token,
      workspaceId: 'default',
      pairedAt: new Date().toISOString(),
    });
    wireRuntime();
    background = startBackground({ notificationButtons: true, fetch, WebSocket });
    await background.ready;
    await background.ensureConnected();
    const port = createPopupPort();
    return { port, close: () => background?.stop() };
  },
});
