import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// An MV3 service worker is stopped whenever the browser likes. Here it is stopped on purpose
// (DevTools' ServiceWorker.stopWorker) while a question is waiting; the worker that comes back
// must reconnect from what it stored, never notify again a question it already notified (the
// user dismissed that notification before the stop), notify a new one once, and still answer.

declare const chrome: typeof ExtensionApi;

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

const marked = async () =>
  (await extension.worker())
    .evaluate(() => (globalThis as { restartMarker?: boolean }).restartMarker ?? false)
    .catch(() => null);

/**
 * Stops the extension's service worker as Chromium does when it is idle. A marker set in its
 * global scope first lets the test tell a fresh worker from the old one. Nothing is waited for:
 * the next event (the popup connecting, the alarm within a minute) starts a new worker.
 */
async function stopServiceWorker(): Promise<void> {
  // DevTools' ServiceWorker domain sees the workers of the page's own origin, so the page is one
  // of the extension's files — an icon, not a page that would talk to the background.
  const page = await extension.open('icon/16.png');
  try {
    const devtools = await extension.context.newCDPSession(page);
    const running = new Set<string>();
    devtools.on('ServiceWorker.workerVersionUpdated', (event) => {
      for (const version of event.versions)
        if (version.runningStatus === 'running') running.add(version.versionId);
    });
    await devtools.send('ServiceWorker.enable');
    await expect.poll(() => running.size, { timeout: 5000 }).toBeGreaterThan(0);
    await (await extension.worker()).evaluate(() => {
      (globalThis as { restartMarker?: boolean }).restartMarker = true;
    });
    expect(await marked()).toBe(true);
    for (const versionId of running) await devtools.send('ServiceWorker.stopWorker', { versionId });
  } finally {
    await page.close();
  }
}

describe('the background after its service worker was stopped', () => {
  it('comes back with the inbox, notifies only what is new, and keeps its alarm', async () => {
    const sid = 'restarted';
    await relay.agent.declareSession(sid, { title: 'Restarted', agent: 'e2e', mode: 'default' });
    const first = await askAndWait(relay.agent, sid, {
      tool_call_id: 'first',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const firstId = first.submitted.interaction!.interactionId;
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => extension.notificationIds(), { timeout: 10_000 }).toEqual([firstId]);
    // The user dismisses it; it stays unanswered.
    await (await extension.worker()).evaluate((id) => chrome.notifications.clear(id), firstId);
    expect(await extension.notificationIds()).toEqual([]);
    expect(
      await (await extension.worker()).evaluate(async () => (await chrome.alarms.getAll()).length),
    ).toBeGreaterThan(0);

    await stopServiceWorker();

    // Asked while the worker is stopped: the next one must notify it, once.
    const second = await askAndWait(relay.agent, 'restarted-too', {
      tool_call_id: 'second',
      tool: 'Bash',
      input: { command: 'git push origin main' },
    });
    const secondId = second.submitted.interaction!.interactionId;

    // Opening the popup connects to the background, which starts a new worker.
    const popup = await openPopup(extension);
    await requestCard(popup, 'restarted-too').waitFor({ timeout: 15_000 });
    await requestCard(popup, sid).waitFor({ timeout: 15_000 });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('2');
    expect(await marked()).toBe(false);
    await expect.poll(() => extension.notificationIds(), { timeout: 10_000 }).toEqual([secondId]);
    // Still only the new one a moment later: the dismissed question is not notified again.
    await popup.waitForTimeout(500);
    expect(await extension.notificationIds()).toEqual([secondId]);
    expect(
      await (await extension.worker()).evaluate(async () => (await chrome.alarms.getAll()).length),
    ).toBeGreaterThan(0);

    await requestCard(popup, sid).locator('[data-action="allow_once"]').click();
    expect(await first.answer).toMatchObject({ outcome: 'allow' });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('1');
    await popup.close();
  });
});
