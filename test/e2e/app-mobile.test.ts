import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser, phone } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { screenshot } from '../support/extension-screenshots.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// /app on a phone (390×844, touch, mobile layout) served by the real relay: paired by the
// `#pair=CODE` link the QR code opens, live through the inbox socket, answered by a tap.

let relay: TestRelay;
let chromium: PlainBrowser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  relay = await startRelay();
  chromium = await launchBrowser();
  context = await chromium.newContext(phone);
  await context.addInitScript(vaultScript);
});

afterAll(async () => {
  await chromium?.close();
  await relay?.stop();
});

/** The approver pairing /app keeps in IndexedDB, read in the page (or null). */
declare function readVault(): Promise<string | null>;
const vaultScript = `globalThis.readVault = () => new Promise((resolve) => {
  const open = indexedDB.open('gatehouse', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('pairing');
  open.onsuccess = () => {
    const get = open.result.transaction('pairing').objectStore('pairing').get('gatehouse.approver');
    get.onsuccess = () => resolve(get.result ?? null);
    get.onerror = () => resolve(null);
  };
  open.onerror = () => resolve(null);
});`;

/** The widest element box on the page, to catch horizontal scrolling. */
const pageWidth = (target: Page) => target.evaluate(() => document.documentElement.scrollWidth);

describe('/app on a phone', () => {
  it('#pair=CODE pairs on load, drops the code from the URL and keeps the token for this origin', async () => {
    page = await context.newPage();
    const code = await pairingCode(relay.admin);
    await page.goto(`${relay.url}/app#pair=${code}`);
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
    expect(page.url()).not.toContain(code);
    expect(page.url()).not.toContain('#pair');
    // Kept in IndexedDB, where the service worker reads it (token-vault.ts).
    const stored = await page.evaluate(() => readVault());
    expect(stored).toBeTruthy();
    // A used code is used: the same link in a fresh context does not pair.
    const other = await context.browser()!.newContext(phone);
    await other.addInitScript(vaultScript);
    const again = await other.newPage();
    await again.goto(`${relay.url}/app#pair=${code}`);
    await again.locator('[data-testid="state-unpaired"]').waitFor({ timeout: 15_000 });
    expect(await again.evaluate(() => readVault())).toBeNull();
    await other.close();
  });

  it('a request arrives by push, tap targets are ≥ 44 px, a tap on Approve once lets the agent through', async () => {
    const sid = 'phone-approval';
    await relay.agent.declareSession(sid, { title: 'Release notes', agent: 'e2e agent', mode: 'auto' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'tag',
      tool: 'Bash',
      input: { command: 'git push origin v1.4.0', description: 'Push the release tag' },
    });
    const card = requestCard(page, sid);
    await card.waitFor({ timeout: 10_000 });
    expect(await hookText(card, 'tool')).toBe('Bash');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    const targets = card.locator('[data-action], [data-testid="expand"]');
    const count = await targets.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let index = 0; index < count; index++) {
      const target = targets.nth(index);
      const box = await target.boundingBox();
      const name = (await target.getAttribute('data-action')) ?? 'expand';
      expect(box, name).not.toBeNull();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
    }
    const approve = card.locator('[data-action="allow_once"]');
    const box = await approve.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await screenshot(page, 'app-mobile');

    await approve.tap();
    expect(await ask.answer).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
  });

  it('works at 360 px wide without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const sid = 'narrow-phone';
    await relay.agent.declareSession(sid, { title: 'Narrow', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'long-args',
      tool: 'Bash',
      input: { command: `curl -X POST https://api.example.com/v1/${'very-long-path-segment/'.repeat(8)}` },
    });
    const card = requestCard(page, sid);
    await card.waitFor({ timeout: 10_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await card.locator('[data-action="deny"]').tap();
    await card.locator('[data-testid="deny-comment"]').fill('not on a phone');
    await card.locator('[data-action="deny-confirm"]').tap();
    expect(await ask.answer).toMatchObject({ outcome: 'deny', resolution: { comment: 'not on a phone' } });
  });

  it('survives a reload; Forget this relay unpairs; the form pairs with a typed code', async () => {
    await page.reload();
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
    await page.locator('#app-unpair').tap();
    await page.locator('[data-testid="state-unpaired"]').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.approver'))).toBeNull();

    await page.locator('#relay-pair-code').fill(await pairingCode(relay.admin));
    await page.locator('#app-pair').tap();
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
  });
});
