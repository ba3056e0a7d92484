import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  launchBrowser,
  launchExtension,
  type PlainBrowser,
} from '../support/chromium.ts';
import { askAndWait } from '../support/extension-cards.ts';
import { openPairedApp, pairExtension } from '../support/extension-pairing.ts';
import { openPopup } from '../support/paired-extension.ts';
import { type PushRelay, pushAdminToken, startPushRelay } from '../support/push-relay.ts';
import {
  type BrowserKeys,
  browserKeys,
  decryptPush,
  type PushService,
  startPushService,
} from '../support/push-service.ts';

// Delivery follows presence and is known to arrive (docs/push.md), end to end: the real relay
// under wrangler, the built extension's popup and /app in Chromium as the approver at a screen,
// a phone that is the push service in the test (test/support/push-service.ts, which checks VAPID
// and decrypts as a browser would), and /app's service worker acknowledging what it shows.
//
// Whether the workspace counts as present is asked the way any client may: a probe token's
// `POST /presence {"active": false}` answers `present` for the others.

let relay: PushRelay;
let push: PushService;
let extension: ExtensionBrowser;
let chromium: PlainBrowser;
let context: BrowserContext;
let phone: { token: string; device: BrowserKeys };
let probe: string;

interface Payload {
  kind: string;
  sessionId: string;
  interactionId: string;
  pushId?: string;
  tag?: string;
}

async function setDelivery(delivery: Record<string, unknown>): Promise<void> {
  const response = await relay.call('PUT', '/permissions', pushAdminToken, { delivery });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function present(): Promise<boolean> {
  const response = await relay.call('POST', '/presence', probe, { active: false });
  return ((await response.json()) as { present: boolean }).present;
}

async function subscribe(token: string, name: string, label: string, device = browserKeys()) {
  const response = await relay.call('POST', '/push/subscriptions', token, {
    endpoint: push.endpoint(name),
    keys: device.keys,
    label,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return device;
}

/** The next push to `name`, decrypted as the device would. */
async function nextPush(name: string, device: BrowserKeys, timeoutMs = 20_000): Promise<Payload> {
  const received = await push.next(name, timeoutMs);
  expect(received.vapid.ok).toBe(true);
  return JSON.parse(decryptPush(received.body, device)) as Payload;
}

/** Pushes to `name` received so far. */
const pushesTo = (name: string) => push.received.filter((received) => received.path === `/${name}`).length;

/** A question in a fresh session; resolves to its interaction and the agent's eventual answer. */
async function ask(sessionId: string, command: string) {
  await relay.agent.declareSession(sessionId, { title: sessionId, mode: 'default' });
  const asked = await askAndWait(relay.agent, sessionId, {
    tool_call_id: 'tc',
    tool: 'Bash',
    input: { command },
  });
  return {
    interaction: asked.submitted.interaction!,
    risk: asked.submitted.decision.risk,
    answer: asked.answer,
  };
}

async function deny(sessionId: string, interactionId: string): Promise<void> {
  const response = await relay.call('POST', `/sessions/${sessionId}/interaction-respond`, phone.token, {
    interaction_id: interactionId,
    answer: { decision: 'reject' },
  });
  expect(response.status).toBe(200);
}

const seconds = (n: number) => new Promise((done) => setTimeout(done, n * 1000));

beforeAll(async () => {
  relay = await startPushRelay();
  push = await startPushService();
  const approver = await relay.approver('Phone');
  phone = { token: approver.token, device: await subscribe(approver.token, 'phone', 'Phone') };
  probe = (await relay.approver('probe')).token;
});

afterAll(async () => {
  await extension?.close();
  await chromium?.close();
  await push?.close();
  await relay?.stop();
});

describe('the built extension’s popup is presence', () => {
  let popup: Page;

  it('with the popup open the phone is not pushed within pushAfterSeconds; unanswered, it is pushed after', async () => {
    extension = await launchExtension();
    await (await pairExtension(extension, relay.url, relay.admin)).close();
    expect(await present()).toBe(false);
    popup = await openPopup(extension);
    await expect.poll(present, { timeout: 15_000 }).toBe(true);
    await setDelivery({ pushAfterSeconds: 10 });
    const { interaction, risk } = await ask('popup-held', 'mkdir -p build/out');
    expect(risk).not.toBe('critical');
    await popup.locator(`[data-interaction-id="${interaction.interactionId}"]`).waitFor({ timeout: 15_000 });
    // Nothing reaches the phone while the hold lasts…
    await seconds(4);
    expect(pushesTo('phone')).toBe(0);
    // …and the question, still unanswered, goes to the phone after it.
    const held = await nextPush('phone', phone.device);
    expect(held).toMatchObject({
      kind: 'ask',
      interactionId: interaction.interactionId,
      tag: 'gatehouse:popup-held',
      pushId: expect.stringMatching(/^pu-/),
    });
    await deny('popup-held', interaction.interactionId);
    // The closing push of a question that did reach the phone.
    expect(await nextPush('phone', phone.device)).toMatchObject({
      kind: 'closed',
      tag: 'gatehouse:popup-held',
    });
  });

  it('critical goes to the phone at once, even with the popup open', async () => {
    await setDelivery({ pushAfterSeconds: 300 });
    expect(await present()).toBe(true);
    const { interaction, risk } = await ask('popup-critical', 'git push --force origin main');
    expect(risk).toBe('critical');
    // Within the hold of 300 s: only "at once" can bring it.
    expect(await nextPush('phone', phone.device)).toMatchObject({
      kind: 'ask',
      interactionId: interaction.interactionId,
    });
    await deny('popup-critical', interaction.interactionId);
    await nextPush('phone', phone.device);
  });

  it('the popup closed, nobody is present: the phone is pushed at once', async () => {
    await popup.close();
    await expect.poll(present, { timeout: 15_000 }).toBe(false);
    const { interaction } = await ask('popup-gone', 'mkdir -p build/gone');
    expect(await nextPush('phone', phone.device)).toMatchObject({
      kind: 'ask',
      interactionId: interaction.interactionId,
    });
    await deny('popup-gone', interaction.interactionId);
    await nextPush('phone', phone.device);
  });
});

describe('/app open and visible is presence, and its service worker acknowledges what it shows', () => {
  let app: Page;

  it('/app open: the push waits; /app closed: it goes at once', async () => {
    await extension.close();
    chromium = await launchBrowser();
    context = await chromium.newContext();
    await context.grantPermissions(['notifications'], { origin: relay.url });
    expect(await present()).toBe(false);
    app = await openPairedApp(context, relay.url, relay.admin);
    await expect.poll(present, { timeout: 15_000 }).toBe(true);
    const before = pushesTo('phone');
    const waiting = await ask('app-held', 'mkdir -p app/held');
    await app
      .locator(`[data-interaction-id="${waiting.interaction.interactionId}"]`)
      .waitFor({ timeout: 15_000 });
    await seconds(3);
    expect(pushesTo('phone')).toBe(before);
    await deny('app-held', waiting.interaction.interactionId);
    await app.close();
    await expect.poll(present, { timeout: 15_000 }).toBe(false);
    const { interaction } = await ask('app-gone', 'mkdir -p app/gone');
    expect(await nextPush('phone', phone.device)).toMatchObject({
      kind: 'ask',
      interactionId: interaction.interactionId,
    });
    await deny('app-gone', interaction.interactionId);
    await nextPush('phone', phone.device);
  });

  it('a push /app’s service worker shows is acknowledged: the device list and the card say where it was shown', async () => {
    await setDelivery({ pushAtOnceRisk: 'safe', receiptSeconds: 600 });
    app = await openPairedApp(context, relay.url, relay.admin);
    const worker =
      context.serviceWorkers().find((w) => w.url().endsWith('/app/sw.js')) ??
      (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
    const token = await app.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('gatehouse', 1);
          open.onsuccess = () => {
            const get = open.result.transaction('pairing').objectStore('pairing').get('gatehouse.approver');
            get.onsuccess = () => resolve((JSON.parse(get.result as string) as { token: string }).token);
          };
        }),
    );
    // This page's device at the test's push service (headless Chromium has none of its own).
    const device = await subscribe(token, 'app-device', 'Chromium on Linux');
    const { interaction } = await ask('app-shown', 'mkdir -p app/shown');
    // The phone (never acknowledging) gets it as well as /app's device.
    await nextPush('phone', phone.device);
    const payload = await nextPush('app-device', device);
    expect(payload.pushId).toMatch(/^pu-/);
    // The push service hands the payload to the browser, which wakes the service worker.
    const cdp = await context.newCDPSession(app);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${relay.url}/app/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const shownAt = async () => {
      const response = await relay.call('GET', '/push/subscriptions', token);
      const { subscriptions } = (await response.json()) as {
        subscriptions: { label: string; lastShownAt: string | null }[];
      };
      return subscriptions.find((row) => row.label === 'Chromium on Linux')?.lastShownAt ?? null;
    };
    // Delivered again until shown, as a push service retries (a stopped worker can miss one).
    await expect
      .poll(
        async () => {
          await cdp.send('ServiceWorker.deliverPushMessage', {
            origin: relay.url,
            registrationId: id,
            data: JSON.stringify(payload),
          });
          return shownAt();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .not.toBeNull();
    const notifications = await worker.evaluate(async () =>
      (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => n.tag),
    );
    expect(notifications).toContain('gatehouse:app-shown');
    await expect
      .poll(
        () =>
          app
            .locator(`[data-interaction-id="${interaction.interactionId}"] [data-testid="delivery"]`)
            .textContent(),
        {
          timeout: 15_000,
        },
      )
      .toMatch(/^sent · shown on Chromium on Linux \d+ s later$/);
    // The phone that never showed it: taken by its push service, shown nowhere — visible as such.
    const phoneList = (await (await relay.call('GET', '/push/subscriptions', phone.token)).json()) as {
      subscriptions: { lastDeliveredAt: string | null; lastShownAt: string | null }[];
    };
    expect(phoneList.subscriptions[0]).toMatchObject({
      lastDeliveredAt: expect.any(String),
      lastShownAt: null,
    });
    await deny('app-shown', interaction.interactionId);
    // Both devices were shown the question: both get its closing push.
    expect(await nextPush('phone', phone.device)).toMatchObject({ kind: 'closed' });
    expect(await nextPush('app-device', device)).toMatchObject({ kind: 'closed' });
    await app.close();
  });

  it('a question shown on no device within receiptSeconds is pushed once more', async () => {
    await setDelivery({ pushAtOnceRisk: 'safe', receiptSeconds: 2 });
    const { interaction } = await ask('unshown', 'mkdir -p nowhere');
    const first = await nextPush('phone', phone.device);
    expect(first.interactionId).toBe(interaction.interactionId);
    const again = await nextPush('phone', phone.device, 30_000);
    expect(again).toMatchObject({ kind: 'ask', interactionId: interaction.interactionId });
    expect(again.pushId).not.toBe(first.pushId);
    await deny('unshown', interaction.interactionId);
  });
});
