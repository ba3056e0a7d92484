import { beforeEach, describe, expect, it, vi } from 'vitest';

// The extension's storage goes through `wxt/browser`, which picks up the global `chrome` when it
// is first imported: install WXT's in-memory fake before any import runs.
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { dockEnabledItem, inboxCacheItem, notifiedItem, relayItem } from '../../extension/lib/storage.ts';
import { session } from './extension-fixtures.ts';

const pairing = {
  url: 'http://127.0.0.1:8787',
  token: 'approver-token',
  workspaceId: 'default',
  pairedAt: '2026-11-30T10:00:00.000Z',
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe('extension storage', () => {
  it('starts unpaired, with the dock off and nothing cached or notified', async () => {
    expect(await relayItem.getValue()).toBeNull();
    expect(await dockEnabledItem.getValue()).toBe(false);
    expect(await inboxCacheItem.getValue()).toBeNull();
    expect(await notifiedItem.getValue()).toEqual([]);
  });

  it('keeps the pairing in local storage only — never in sync, never in session', async () => {
    await relayItem.setValue(pairing);
    expect(await relayItem.getValue()).toEqual(pairing);
    expect(await fakeBrowser.storage.local.get('relay')).toEqual({ relay: pairing });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('keeps the inbox cache and the notified list in session storage, where a restarted worker finds them', async () => {
    const cache = { connection: 'live' as const, sessions: [session('demo')] };
    await inboxCacheItem.setValue(cache);
    await notifiedItem.setValue([
      { interactionId: 'int-demo', sessionId: 'demo', buttons: ['allow_once', 'deny'] },
    ]);
    expect(await fakeBrowser.storage.session.get(['inbox', 'notified'])).toEqual({
      inbox: cache,
      notified: [{ interactionId: 'int-demo', sessionId: 'demo', buttons: ['allow_once', 'deny'] }],
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('forgets the pairing when set to null', async () => {
    await relayItem.setValue(pairing);
    await relayItem.setValue(null);
    expect(await relayItem.getValue()).toBeNull();
  });

  it('turns the dock on only when told', async () => {
    await dockEnabledItem.setValue(true);
    expect(await fakeBrowser.storage.local.get('dockEnabled')).toEqual({ dockEnabled: true });
  });
});
