import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser, phone } from '../support/chromium.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { type PushRelay, startPushRelay } from '../support/push-relay.ts';
import { browserKeys, type PushService, startPushService } from '../support/push-service.ts';

// /app's push switch against the real relay: turning push off deletes this device's subscription
// by the id POST /push/subscriptions gave it, and the same token's other device on the same push
// service keeps its own.
//
// What is driven and how: headless Chromium has no push service, so `pushManager.subscribe`
// cannot succeed there. An init script replaces PushManager's `subscribe`, `getSubscription` and
// the subscription's `unsubscribe` in the page with a stand-in that hands out one subscription
// whose endpoint is on the test's push service and whose keys are a real P-256 pair (so the
// relay's validation runs as for a browser's). Everything else is /app's own code: the buttons,
// the POST and DELETE to the relay, and the id kept in IndexedDB.

let relay: PushRelay;
let service: PushService;
let chromium: PlainBrowser;
let context: BrowserContext;
let page: Page;
let token: string;

/** The stand-in's state, in localStorage so it lives through a reload as a real one does. */
declare function pushStandIn(): { subscribed: boolean; unsubscribed: number };
const standInScript = ({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
  const state = () =>
    JSON.parse(localStorage.getItem('e2e.push-stand-in') ?? '{"subscribed":false,"unsubscribed":0}') as {
      subscribed: boolean;
      unsubscribed: number;
    };
  const save = (next: { subscribed: boolean; unsubscribed: number }) =>
    localStorage.setItem('e2e.push-stand-in', JSON.stringify(next));
  const subscription = {
    endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    async unsubscribe() {
      save({ subscribed: false, unsubscribed: state().unsubscribed + 1 });
      return true;
    },
  };
  PushManager.prototype.subscribe = async function subscribe() {
    save({ ...state(), subscribed: true });
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return state().subscribed ? (subscription as unknown as PushSubscription) : null;
  };
  (globalThis as unknown as { pushStandIn: typeof state }).pushStandIn = state;
};

/** The push device /app keeps in IndexedDB, or null. */
const keptDevice = () =>
  page.evaluate(
    () =>
      new Promise<{ id: string; endpoint: string } | null>((resolve) => {
        const open = indexedDB.open('gatehouse', 1);
        open.onsuccess = () => {
          const get = open.result.transaction('pairing').objectStore('pairing').get('gatehouse.push-device');
          get.onsuccess = () => resolve(get.result ? JSON.parse(get.result as string) : null);
          get.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );

/** The ids of this token's devices at the relay. */
async function relayDevices(): Promise<string[]> {
  const response = await relay.call('GET', '/push/subscriptions', token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { subscriptions: { id: string }[] }).subscriptions
    .map((s) => s.id)
    .sort();
}

/** The token's other device: a second browser on the same push service, subscribed over the API. */
async function otherDevice(name: string): Promise<string> {
  const response = await relay.call('POST', '/push/subscriptions', token, {
    endpoint: service.endpoint(name),
    keys: browserKeys().keys,
    label: name,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const toggle = () => page.locator('#push-toggle');

beforeAll(async () => {
  relay = await startPushRelay();
  service = await startPushService();
  chromium = await launchBrowser();
  context = await chromium.newContext(phone);
  await context.grantPermissions(['notifications'], { origin: relay.url });
  await context.addInitScript(standInScript, {
    endpoint: service.endpoint('this-phone'),
    keys: browserKeys().keys,
  });
  page = await context.newPage();
  await page.goto(`${relay.url}/app#pair=${await pairingCode(relay.admin)}`);
  await page.locator('[data-testid="push-controls"][data-push="available"]').waitFor({ timeout: 15_000 });
  token = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('gatehouse', 1);
        open.onsuccess = () => {
          const get = open.result.transaction('pairing').objectStore('pairing').get('gatehouse.approver');
          get.onsuccess = () => resolve(JSON.parse(get.result as string).token);
        };
      }),
  );
});

afterAll(async () => {
  await chromium?.close();
  await service?.close();
  await relay?.stop();
});

describe('/app turns push off for this device only', () => {
  it('keeps the id the relay gave this device, and turning off deletes exactly that id', async () => {
    const other = await otherDevice('other-phone');
    await toggle().click();
    await expect.poll(() => toggle().getAttribute('data-on')).toBe('true');
    const kept = await keptDevice();
    expect(kept?.endpoint).toBe(service.endpoint('this-phone'));
    expect(await relayDevices()).toEqual([kept!.id, other].sort());
    // The list marks this device by the kept id.
    await expect
      .poll(() => page.locator('[data-testid="push-devices"] li[data-this-device="true"]').count())
      .toBe(1);

    await toggle().click();
    await expect.poll(() => toggle().getAttribute('data-on')).toBe('false');
    await expect
      .poll(() => page.locator('[data-testid="push-controls"] [role="status"]').textContent())
      .toBe('Push is off for this device.');
    // Both devices are on the same push service (same origin): only this one is gone.
    expect(await relayDevices()).toEqual([other]);
    expect(await keptDevice()).toBeNull();
    expect(await page.evaluate(() => pushStandIn())).toEqual({ subscribed: false, unsubscribed: 1 });
  });

  it('a device that turned push on before /app kept ids learns its id again and deletes only it', async () => {
    await otherDevice('another-phone');
    const others = await relayDevices();
    expect(others).toHaveLength(2);
    await toggle().click();
    await expect.poll(() => toggle().getAttribute('data-on')).toBe('true');
    const kept = await keptDevice();
    expect(await relayDevices()).toEqual([...others, kept!.id].sort());
    // As a phone from before: subscribed, but no id in IndexedDB.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('gatehouse', 1);
          open.onsuccess = () => {
            const tx = open.result.transaction('pairing', 'readwrite');
            tx.objectStore('pairing').delete('gatehouse.push-device');
            tx.oncomplete = () => resolve();
          };
        }),
    );
    await page.reload();
    await page.locator('[data-testid="push-controls"][data-push="available"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle().getAttribute('data-on')).toBe('true');
    expect(await keptDevice()).toBeNull();

    await toggle().click();
    await expect.poll(() => toggle().getAttribute('data-on')).toBe('false');
    expect(await relayDevices()).toEqual(others);
    expect(await keptDevice()).toBeNull();
  });
});

describe('/app renames a device', () => {
  /** The label the relay keeps for `id`. */
  async function relayLabel(id: string): Promise<string | null> {
    const response = await relay.call('GET', '/push/subscriptions', token);
    const { subscriptions } = (await response.json()) as {
      subscriptions: { id: string; label: string | null }[];
    };
    return subscriptions.find((s) => s.id === id)?.label ?? null;
  }

  it('renames through the relay, shows the new name, and says why a name is refused', async () => {
    const id = await otherDevice('Chrome on Android');
    await page.reload();
    await page.locator('[data-testid="push-controls"][data-push="available"]').waitFor({ timeout: 15_000 });
    const row = page.locator(`[data-testid="push-device"][data-device-id="${id}"]`);
    await expect
      .poll(() => row.locator('[data-testid="device-name"]').textContent())
      .toBe('Chrome on Android');

    await row.locator('[data-action="device-rename"]').click();
    const input = row.locator('[data-testid="device-name-input"]');
    expect(await input.inputValue()).toBe('Chrome on Android');
    // Refused before sending: nothing reaches the relay.
    await input.fill('   ');
    await row.locator('[data-action="device-rename-save"]').click();
    await expect
      .poll(() => row.locator('[data-testid="device-rename-error"]').textContent())
      .toBe('A name is needed.');
    expect(await relayLabel(id)).toBe('Chrome on Android');

    await input.fill('  Work phone  ');
    await row.locator('[data-action="device-rename-save"]').click();
    await expect.poll(() => row.locator('[data-testid="device-name"]').textContent()).toBe('Work phone');
    expect(await relayLabel(id)).toBe('Work phone');
    expect(await row.locator('[data-testid="device-name-input"]').count()).toBe(0);

    // The relay's refusal is shown in its words: the device went away meanwhile (404).
    await row.locator('[data-action="device-rename"]').click();
    expect((await relay.call('DELETE', `/push/subscriptions/${id}`, token)).status).toBe(204);
    await row.locator('[data-testid="device-name-input"]').fill('Gone phone');
    await row.locator('[data-action="device-rename-save"]').click();
    await expect
      .poll(() => row.locator('[data-testid="device-rename-error"]').textContent())
      .toBe('Not renamed: no such subscription of this token');
  });
});
