import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser } from '../support/chromium.ts';
import { askAndWait } from '../support/extension-cards.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { type PushRelay, pushAdminToken, startPushRelay } from '../support/push-relay.ts';

// /app in Chromium as an installable app: its service worker registers, a push delivered through
// the DevTools protocol (ServiceWorker.deliverPushMessage — headless Chromium has no push
// service to subscribe to) shows the notification, and its Approve button answers the question.
//
// How the button is pressed: headless Chromium shows no notification UI to click, so the test
// evaluates inside the service worker (Playwright's handle on it, i.e. CDP Runtime.evaluate on the
// SW target) and dispatches a NotificationEvent built from the notification the push showed,
// with `action: "approve"`. A script-made event cannot extend the worker's lifetime (waitUntil
// refuses untrusted events; sw.ts catches that), so everything after the dispatch is observed
// from outside: the agent's answer, and the notification the handler shows when it fails.

let relay: PushRelay;
let chromium: PlainBrowser;
let context: BrowserContext;
let page: Page;
let worker: Worker;
let registrationId: string;
let deliver: (data: unknown) => Promise<void>;

declare const self: ServiceWorkerGlobalScope;

beforeAll(async () => {
  relay = await startPushRelay();
  chromium = await launchBrowser();
  context = await chromium.newContext();
  await context.grantPermissions(['notifications'], { origin: relay.url });
});

afterAll(async () => {
  await chromium?.close();
  await relay?.stop();
});

/** The notifications the service worker shows now, read inside it. */
const shown = () =>
  worker.evaluate(async () =>
    (await self.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      actions: ((n as unknown as { actions?: { action: string }[] }).actions ?? []).map((a) => a.action),
      data: n.data as unknown,
    })),
  );

/** Sets the workspace's `pushDetails` as the admin (only an admin may). */
async function setPushDetails(pushDetails: 'none' | 'summary'): Promise<void> {
  const response = await fetch(`${relay.url}/api/v1/permissions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${pushAdminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pushDetails }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Rewrites the token in the pairing /app keeps in IndexedDB, from inside the service worker, and
 * gives back the one it replaced: the worker reads the vault at each push, so a wrong token there
 * makes its next fetch of a card fail.
 */
const swapVaultToken = (token: string) =>
  worker.evaluate(
    (next) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('gatehouse', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('pairing', 'readwrite').objectStore('pairing');
          const get = store.get('gatehouse.approver');
          get.onsuccess = () => {
            const pairing = JSON.parse(get.result as string) as { token: string };
            const previous = pairing.token;
            store.put(JSON.stringify({ ...pairing, token: next }), 'gatehouse.approver').onsuccess = () =>
              resolve(previous);
          };
        };
      }),
    token,
  );

/** Which interaction a notification is about (its tag is its session's: one per session). */
const about = (n: { data: unknown }) => (n.data as { interactionId?: string } | null)?.interactionId;

/** The notification showing for one interaction, once it is there. */
async function notificationFor(interactionId: string, title?: string) {
  await expect
    .poll(
      async () =>
        (await shown()).find((n) => about(n) === interactionId && (title === undefined || n.title === title)),
      {
        timeout: 10_000,
      },
    )
    .toBeTruthy();
  return (await shown()).find((n) => about(n) === interactionId)!;
}

describe('/app with push', () => {
  it('pairs, keeps the token in IndexedDB (not localStorage) and registers its service worker', async () => {
    page = await context.newPage();
    const workerStarted = context.waitForEvent('serviceworker', { timeout: 20_000 });
    await page.goto(`${relay.url}/app#pair=${await pairingCode(relay.admin)}`);
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
    worker = context.serviceWorkers().find((w) => w.url().endsWith('/app/sw.js')) ?? (await workerStarted);
    expect(worker.url()).toBe(`${relay.url}/app/sw.js`);
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.approver'))).toBeNull();
    const stored = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('gatehouse', 1);
          open.onsuccess = () => {
            const get = open.result.transaction('pairing').objectStore('pairing').get('gatehouse.approver');
            get.onsuccess = () => resolve((get.result as string | undefined) ?? null);
          };
        }),
    );
    expect(JSON.parse(stored ?? '{}').token).toMatch(/^gh_/);
    // The push controls see a relay with keys.
    await page.locator('[data-testid="push-controls"][data-push="available"]').waitFor({ timeout: 10_000 });

    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${relay.url}/app/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    registrationId = await registered;
    const deliverOnce = async (data: unknown) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: relay.url,
        registrationId,
        data: JSON.stringify(data),
      });
    };
    // DevTools hands the push to the service worker without waiting for it; on a busy machine a
    // worker that was just stopped can miss one. A real push service retries too: deliver again
    // (a notification's tag makes a second delivery replace the first) until one is shown.
    deliver = async (data) => {
      const before = JSON.stringify(await shown());
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await deliverOnce(data);
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          if (JSON.stringify(await shown()) !== before) return;
          await new Promise((done) => setTimeout(done, 100));
        }
      }
    };
  });

  it('a pushed question shows as a notification; its Approve answers it and the agent gets allow', async () => {
    await relay.agent.declareSession('app-push', { title: 'Release notes', mode: 'default' });
    const ask = await askAndWait(relay.agent, 'app-push', {
      tool_call_id: 'ls',
      tool: 'Bash',
      input: { command: 'mkdir -p build/out' },
      // In a known working directory: with none, a relative path could be anywhere (rated high).
      cwd: '/home/dev/app',
    });
    const interaction = ask.submitted.interaction!;
    const risk = ask.submitted.decision.risk;
    expect(['safe', 'low', 'medium']).toContain(risk);
    await deliver({
      kind: 'ask',
      sessionId: 'app-push',
      interactionId: interaction.interactionId,
      expiresAt: interaction.expiresAt,
      details: {
        tool: 'Bash',
        summary: 'mkdir -p build/out',
        whole: true,
        risk,
        sessionTitle: 'Release notes',
      },
    });
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    const [notification] = await shown();
    expect(notification).toMatchObject({
      body: 'mkdir -p build/out\nRelease notes',
      tag: 'gatehouse:app-push',
      requireInteraction: false,
      actions: ['approve', 'deny'],
      data: { url: `/app/#card=app-push/${interaction.interactionId}` },
    });
    expect(notification!.title).toContain('Bash');

    await worker.evaluate(async () => {
      const [n] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n!, action: 'approve' }));
    });
    expect(await ask.answer).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
  });

  it('an action that cannot answer says "Could not answer — open Gatehouse"', async () => {
    await deliver({
      kind: 'ask',
      sessionId: 'app-push',
      interactionId: 'no-such-question',
      expiresAt: null,
      details: { tool: 'Bash', summary: 'ls', whole: true, risk: 'low', sessionTitle: null },
    });
    await expect
      .poll(async () => (await shown()).some((n) => about(n) === 'no-such-question'), {
        timeout: 10_000,
      })
      .toBe(true);
    await worker.evaluate(async () => {
      const all = await self.registration.getNotifications();
      const n = all.find((x) => (x.data as { interactionId?: string }).interactionId === 'no-such-question')!;
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n, action: 'approve' }));
    });
    await expect
      .poll(async () => (await shown()).find((n) => about(n) === 'no-such-question')?.title, {
        timeout: 10_000,
      })
      .toBe('Could not answer — open Gatehouse');
  });

  it('a push the worker does not understand shows no text of it', async () => {
    await deliver({
      kind: 'ask',
      sessionId: 'x',
      interactionId: 'y',
      expiresAt: null,
      details: { tool: '<b>rm -rf ~</b>' },
    });
    await expect
      .poll(async () => (await shown()).some((n) => n.tag === 'gatehouse:unknown'), { timeout: 10_000 })
      .toBe(true);
    expect(JSON.stringify(await shown())).not.toContain('rm -rf');
  });
});

describe('pushDetails "none": the push has ids only and the service worker fetches the card', () => {
  it('shows the card it fetched over the API with the token from IndexedDB; its Deny answers', async () => {
    await setPushDetails('none');
    try {
      await relay.agent.declareSession('app-push-none', { title: 'Quarterly report', mode: 'default' });
      const ask = await askAndWait(relay.agent, 'app-push-none', {
        tool_call_id: 'q3',
        tool: 'Bash',
        input: { command: 'mkdir -p reports/q3' },
        cwd: '/home/dev/app',
      });
      const interaction = ask.submitted.interaction!;
      // Exactly what the relay pushes with "none" (push-relay.test.ts checks that it sends this).
      await deliver({
        kind: 'ask',
        sessionId: 'app-push-none',
        interactionId: interaction.interactionId,
        expiresAt: interaction.expiresAt,
      });
      const notification = await notificationFor(interaction.interactionId);
      // Nothing of this was in the push: the tool, the command and the title came from the card.
      expect(notification).toMatchObject({
        body: 'mkdir -p reports/q3\nQuarterly report',
        actions: ['approve', 'deny'],
        data: { url: `/app/#card=app-push-none/${interaction.interactionId}` },
      });
      expect(notification.title).toMatch(/^(Safe|Low risk|Medium risk) · Bash$/);

      // The fetch uses the token in the vault: with a token the relay does not know, the card
      // cannot be fetched and the notification says only that a question waits in Gatehouse.
      const token = await swapVaultToken('gh_not-a-token-the-relay-issued');
      try {
        await deliver({
          kind: 'ask',
          sessionId: 'app-push-none',
          interactionId: interaction.interactionId,
          expiresAt: interaction.expiresAt,
        });
        const fallback = await notificationFor(interaction.interactionId, 'Gatehouse: a question is waiting');
        expect(fallback).toMatchObject({
          body: 'Open Gatehouse to answer.',
          actions: [],
          requireInteraction: true,
        });
        expect(JSON.stringify(fallback)).not.toContain('reports');
      } finally {
        await swapVaultToken(token);
      }

      await deliver({
        kind: 'ask',
        sessionId: 'app-push-none',
        interactionId: interaction.interactionId,
        expiresAt: interaction.expiresAt,
      });
      await notificationFor(interaction.interactionId, notification.title);
      await worker.evaluate(async (id) => {
        const n = (await self.registration.getNotifications()).find(
          (x) => (x.data as { interactionId?: string }).interactionId === id,
        )!;
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n, action: 'deny' }));
      }, interaction.interactionId);
      expect(await ask.answer).toMatchObject({ outcome: 'deny' });
    } finally {
      await setPushDetails('summary');
    }
  });

  it('a card for a session the relay does not have cannot be fetched and still shows: "open Gatehouse"', async () => {
    await deliver({ kind: 'ask', sessionId: 'no-such-session', interactionId: 'q-1', expiresAt: null });
    const fallback = await notificationFor('q-1', 'Gatehouse: a question is waiting');
    expect(fallback).toMatchObject({
      body: 'Open Gatehouse to answer.',
      actions: [],
      data: { url: '/app/#card=no-such-session/q-1' },
    });
  });

  it('a push for a question other than the session’s active one never shows the active card', async () => {
    await relay.agent.declareSession('app-push-other', { title: 'Other work', mode: 'default' });
    const ask = await askAndWait(relay.agent, 'app-push-other', {
      tool_call_id: 'other',
      tool: 'Bash',
      input: { command: 'mkdir -p other/place' },
    });
    const active = ask.submitted.interaction!;
    await deliver({
      kind: 'ask',
      sessionId: 'app-push-other',
      interactionId: 'q-not-active',
      expiresAt: null,
    });
    const fallback = await notificationFor('q-not-active', 'Gatehouse: a question is waiting');
    // The buttons of this notification would answer the active question: it must have none.
    expect(fallback).toMatchObject({ body: 'Open Gatehouse to answer.', actions: [] });
    expect(JSON.stringify(fallback)).not.toContain('other/place');
    await relay.admin.respond('app-push-other', {
      interaction_id: active.interactionId,
      answer: { decision: 'reject' },
    });
    expect(await ask.answer).toMatchObject({ outcome: 'deny' });
  });
});
