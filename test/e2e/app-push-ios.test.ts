import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser, phone } from '../support/chromium.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { screenshot } from '../support/extension-screenshots.ts';
import { type PushRelay, startPushRelay } from '../support/push-relay.ts';

// The "Add to Home Screen" note of /app's push controls shows on iOS user agents only: Chromium
// at 390×844 with an iPhone's user agent stands in for Safari on an iPhone (the note is decided
// from the user agent and the display mode, not from the engine), an Android phone's user agent
// beside it. With GATEHOUSE_SCREENSHOTS=1 the iPhone's view is docs/screenshots/app-push.png.

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let relay: PushRelay;
let chromium: PlainBrowser;

beforeAll(async () => {
  relay = await startPushRelay();
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await relay?.stop();
});

/** /app paired in a fresh context with `options`, its push controls settled. */
async function pairedApp(options: BrowserContextOptions, before?: (page: Page) => Promise<unknown>) {
  const context = await chromium.newContext({ ...phone, ...options });
  await context.grantPermissions(['notifications'], { origin: relay.url });
  const page = await context.newPage();
  await before?.(page);
  await page.goto(`${relay.url}/app#pair=${await pairingCode(relay.admin)}`);
  await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
  const controls = page.locator('[data-testid="push-controls"]');
  await controls.waitFor({ timeout: 10_000 });
  return { context, page, controls };
}

describe('/app push controls by platform', () => {
  it('an iPhone in a browser tab is told to add /app to the Home Screen, and offers no switch', async () => {
    const { context, page, controls } = await pairedApp({ userAgent: iPhoneSafari });
    try {
      expect(await controls.getAttribute('data-push')).toBe('ios-home-screen');
      const note = page.locator('[data-testid="push-home-screen"]');
      expect(await note.textContent()).toContain('Add to Home Screen');
      expect(await note.isVisible()).toBe(true);
      expect(await page.locator('#push-toggle').count()).toBe(0);
      // It fits the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'app-push');
    } finally {
      await context.close();
    }
  });

  it('an Android phone gets no such note: the push switch is there', async () => {
    const { context, page, controls } = await pairedApp({ userAgent: androidChrome });
    try {
      expect(await controls.getAttribute('data-push')).toBe('available');
      expect(await page.locator('[data-testid="push-home-screen"]').count()).toBe(0);
      expect(await page.locator('#push-toggle').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('an iPhone with /app opened from the Home Screen gets the switch, not the note', async () => {
    // Safari's own flag for a Home Screen app (navigator.standalone), set before /app's scripts run.
    const { context, page, controls } = await pairedApp({ userAgent: iPhoneSafari }, (p) =>
      p.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true })),
    );
    try {
      expect(await controls.getAttribute('data-push')).toBe('available');
      expect(await page.locator('[data-testid="push-home-screen"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
