import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { askAndWait } from '../support/extension-cards.ts';
import { screenshotDir, screenshotsWanted } from '../support/extension-screenshots.ts';
import { type FirefoxExtension, launchFirefoxExtension } from '../support/firefox.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The built Firefox add-on (extension/.output/firefox-mv2) in the machine's Firefox ESR, as a user
// runs it: paired through its options page with a real relay, an agent asks, the toolbar badge
// and a notification say so, the popup shows the request and Approve once lets the agent through.
// What Firefox does differently from Chrome: extension/README.md "Firefox differences".

// Inside `evaluate` callbacks, which run on the add-on's pages.
declare const browser: typeof ExtensionApi;

let relay: TestRelay;
let addon: FirefoxExtension;

beforeAll(async () => {
  relay = await startRelay();
  addon = await launchFirefoxExtension();
});
afterAll(async () => {
  await addon?.close();
  await relay?.stop();
});

describe('the Firefox add-on in Firefox', () => {
  it('pairs through its options page with a code from the relay', async () => {
    const options = await addon.open('options.html');
    const { code } = await relay.admin.createPairingCode();
    await options.locator('#relay-url').fill(relay.url);
    await options.locator('#pair-code').fill(code);
    await options.locator('#pair').click();
    await options.waitForSelector('[data-testid="paired"]', { timeout: 15_000 });
    // The add-on's own permissions.request granted the relay's host (Firefox patterns carry no port).
    expect(
      await options.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] })),
    ).toBe(true);
    await options.close();
  });

  it('an ask: badge 1 and a notification → the popup shows it → Approve once → the agent is allowed', async () => {
    const sid = 'firefox-cleanup';
    await relay.agent.declareSession(sid, { title: 'Clean the build', agent: 'e2e agent' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'ff-force-push',
      tool: 'Bash',
      input: { command: 'git push --force origin main', description: 'Publish the rewrite' },
    });
    const interactionId = ask.submitted.interaction?.interactionId;
    expect(interactionId).toBeTruthy();

    await expect.poll(() => addon.badgeText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => addon.notificationIds(), { timeout: 15_000 }).toEqual([interactionId]);
    // Firefox's notifications have no buttons: the label leads the message (extension/README.md).
    const [shown] = Object.values(await addon.notifications());
    expect(shown?.title).toBe(`Bash — Clean the build`);
    expect(shown?.message).toMatch(/^Review required · Critical/);

    const popup = await addon.open('popup.html');
    await popup.setViewport({ width: 420, height: 600 });
    const card = `[data-testid="request"][data-session-id="${sid}"]`;
    await popup.waitForSelector(card, { timeout: 15_000 });
    expect(await popup.$eval(card, (el) => el.getAttribute('data-interaction-id'))).toBe(interactionId);
    expect(await popup.$eval(`${card} [data-testid="command"]`, (el) => el.textContent)).toBe(
      'git push --force origin main',
    );
    if (screenshotsWanted) {
      await mkdir(screenshotDir, { recursive: true });
      const height = await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().bottom) + 8);
      await popup.screenshot({
        path: join(screenshotDir, 'firefox-popup.png'),
        clip: { x: 0, y: 0, width: 420, height: Math.min(600, height) },
      });
    }

    await popup.click(`${card} [data-action="allow_once"]`);
    await expect(ask.answer).resolves.toMatchObject({
      outcome: 'allow',
      resolution: { source: 'user', actionId: 'allow_once', scope: 'once' },
    });
    await expect.poll(() => addon.badgeText(), { timeout: 15_000 }).toBe('');
    await expect.poll(() => addon.notificationIds(), { timeout: 15_000 }).toHaveLength(0);
    await popup.waitForSelector('[data-testid="state-empty"]', { timeout: 15_000 });
  });
});
