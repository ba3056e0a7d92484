import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchBrowser, type PlainBrowser } from '../support/chromium.ts';
import { askAndWait, requestCard } from '../support/extension-cards.ts';
import { openPairedApp } from '../support/extension-pairing.ts';
import { popupScreenshot, screenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Cards that say it once, and right (docs/approver-ui.md "Why it was asked"), in the built
// extension's popup and in /app: the reason is not repeated as a finding, an edit of .env says
// it changes a file that may hold secrets (not that it reads or writes a secret), the badge takes
// its risk's colour (low ≠ critical) and nothing green marks a question, and "Mode" is a row of
// the details grid.

let relay: TestRelay;
let extension: ExtensionBrowser;
let chromium: PlainBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
  await ask('env-edit', 'Edit', { file_path: '.env', old_string: 'DEBUG=0', new_string: 'DEBUG=1' });
  await ask('force-push', 'Bash', { command: 'git push --force origin main' });
  await ask('low-ask', 'Bash', { command: 'mkdir -p build/out' });
});
afterAll(async () => {
  await chromium?.close();
  await stopPairedExtension({ relay, extension });
});

async function ask(sid: string, tool: string, input: Record<string, unknown>) {
  await relay.agent.declareSession(sid, { title: sid, agent: 'e2e agent', mode: 'default' });
  // In a known working directory: with none, a relative path could be anywhere (rated high).
  return askAndWait(relay.agent, sid, { tool_call_id: `${sid}-1`, tool, input, cwd: '/home/dev/app' });
}

/** The colour a property of an element computes to, as [r, g, b]. */
async function rgb(target: Locator, property: 'color' | 'background-color' | 'border-left-color') {
  const value = await target.evaluate(
    (element, name) => getComputedStyle(element).getPropertyValue(name),
    property,
  );
  const [r = 0, g = 0, b = 0] = (value.match(/\d+/g) ?? []).map(Number);
  return [r, g, b] as const;
}

/** Green is the channel that leads by a clear margin. */
const greenish = ([r, g, b]: readonly [number, number, number]) => g > r + 30 && g > b + 30;

async function checkCards(page: Page, surface: string): Promise<void> {
  const env = requestCard(page, 'env-edit');
  await env.waitFor({ timeout: 15_000 });
  expect(await env.locator('[data-testid="reason"]').textContent()).toBe(
    'Changes .env, a file that may hold secrets.',
  );
  expect(await env.textContent()).not.toMatch(/reads a file|Writes a secret/i);
  expect(await env.locator('[data-testid="badge"]').getAttribute('data-risk')).toBe('medium');

  const push = requestCard(page, 'force-push');
  const reason = (await push.locator('[data-testid="reason"]').textContent()) ?? '';
  expect(reason).toContain('Force-pushes to the main branch');
  const findings = await push.locator('[data-testid="finding"]').allTextContents();
  expect(findings.length).toBeGreaterThan(0);
  for (const finding of findings) expect(reason).not.toContain(finding.replace(/\.$/, ''));

  const low = requestCard(page, 'low-ask');
  const critical = await rgb(push.locator('[data-testid="badge"]'), 'background-color');
  const lowBadge = await rgb(low.locator('[data-testid="badge"]'), 'background-color');
  expect(await low.locator('[data-testid="badge"]').getAttribute('data-risk')).toMatch(/^(safe|low)$/);
  expect(critical).not.toEqual(lowBadge);
  // Critical is red.
  expect(critical[0]).toBeGreaterThan(critical[1] + 60);
  for (const card of [env, push, low]) {
    expect(greenish(await rgb(card, 'border-left-color')), `${surface}: a card's edge`).toBe(false);
    expect(greenish(await rgb(card.locator('[data-testid="badge"]'), 'background-color'))).toBe(false);
    expect(greenish(await rgb(card.locator('[data-testid="badge"]'), 'color'))).toBe(false);
  }

  await low.locator('[data-testid="expand"]').click();
  // The mode is the last row of the details grid, beside Outcome, Risk and Reason.
  const grid = low.locator('[data-testid="decision"] dl.decision-rows').first();
  await grid.locator('[data-testid="mode-current"]').waitFor({ timeout: 5_000 });
  expect(await grid.locator('dt').allTextContents()).toEqual(
    expect.arrayContaining(['Outcome', 'Risk', 'Mode']),
  );
  expect(await grid.locator('dt').last().textContent()).toBe('Mode');
  expect(await grid.locator('[data-testid="mode-current"]').textContent()).toBe('Default');
}

describe('cards say it once, and right', () => {
  it('in the built extension’s popup', async () => {
    const popup = await openPopup(extension);
    await checkCards(popup, 'popup');
    await requestCard(popup, 'env-edit').scrollIntoViewIfNeeded();
    await popupScreenshot(popup, 'popup-cards-once');
    await popup.close();
  });

  it('in /app', async () => {
    chromium = await launchBrowser();
    const context = await chromium.newContext({ viewport: { width: 420, height: 900 } });
    const app = await openPairedApp(context, relay.url, relay.admin);
    await checkCards(app, 'app');
    await screenshot(app, 'app-cards-once');
  });
});
