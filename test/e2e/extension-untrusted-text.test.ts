import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { askAndWait, hookText, type PendingAsk, requestCard } from '../support/extension-cards.ts';
import { openPairedApp, pairExtension } from '../support/extension-pairing.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// Markup in what an agent controls renders as text, in the popup and in /app, and runs nothing.
//
// Three caller-controlled strings reach the card: the session title (PUT /sessions), the tool
// input, and the decision's `reason` — an agent may declare its session's permissions, so an ask
// rule whose text carries the markup puts it verbatim into `reason` ("Needs approval by the rule
// Bash(echo <img …>…)") and into `matchedRule`. Each must appear as the same characters in
// textContent, with no <img>/<script> element created and `window.__pwned` never set. (An
// extension page's CSP would block an inline `onerror` even if the markup were parsed, so the
// element count is what catches an innerHTML, not only the flag.)

const img = '<img src=x onerror="window.__pwned=1">';
const script = '<script>window.__pwned=2</script>';
const payload = `${img}${script}`;
const sid = 'hostile-text';

let relay: TestRelay;
let extension: ExtensionBrowser;
let ask: PendingAsk;

beforeAll(async () => {
  relay = await startRelay();
  extension = await launchExtension();
  await (await pairExtension(extension, relay.url, relay.admin)).close();
  await relay.agent.declareSession(sid, {
    title: `Build ${payload}`,
    agent: 'e2e',
    mode: 'default',
    permissions: { rules: [{ tool: 'Bash', permission: 'ask', content: `echo ${payload}` }] },
  });
  ask = await askAndWait(relay.agent, sid, {
    tool_call_id: 'echo-markup',
    tool: 'Bash',
    input: { command: `echo ${payload}`, description: payload },
  });
  expect(ask.submitted.decision.reason).toContain(payload);
  expect(ask.submitted.decision.matchedRule).toContain(payload);
});

afterAll(async () => {
  await extension?.close();
  await relay?.stop();
});

async function expectPlainText(page: Page): Promise<void> {
  const card = requestCard(page, sid);
  await card.waitFor({ timeout: 15_000 });
  expect(await hookText(card, 'session-title')).toBe(`Build ${payload}`);
  const args = await hookText(card, 'arguments');
  expect(args).toContain('<img src=x onerror=');
  expect(args).toContain(script);

  await card.locator('[data-testid="expand"]').click();
  const decision = card.locator('[data-testid="decision"]');
  await decision.waitFor();
  expect(await decision.locator('dd[data-row="Reason"]').textContent()).toBe(ask.submitted.decision.reason);
  expect(await decision.locator('dd[data-row="Matched rule"]').textContent()).toBe(
    ask.submitted.decision.matchedRule,
  );
  expect(await hookText(card, 'arguments')).toContain(script);

  // Give a parsed <img> time to fail its load and fire onerror.
  await page.waitForTimeout(500);
  expect(await card.locator('img').count()).toBe(0);
  expect(await card.locator('script').count()).toBe(0);
  expect(
    await page.locator('main[data-testid="approver"] img, main[data-testid="approver"] script').count(),
  ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
}

describe('markup from the agent is text', () => {
  it('in the popup', async () => {
    const popup = await extension.open('popup.html');
    await expectPlainText(popup);
    await popup.close();
  });

  it('in /app', async () => {
    const app = await openPairedApp(extension.context, relay.url, relay.admin);
    await expectPlainText(app);
    await app.close();
  });

  it('in the timeline once answered', async () => {
    const popup = await extension.open('popup.html');
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 15_000 });
    await card.locator('[data-action="deny"]').click();
    await card.locator('[data-testid="deny-comment"]').fill(`no ${payload}`);
    await card.locator('[data-action="deny-confirm"]').click();
    expect(await ask.answer).toMatchObject({ outcome: 'deny', resolution: { comment: `no ${payload}` } });

    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const entry = session.locator('[data-testid="timeline-entry"][data-tool-call-id="echo-markup"]');
    await entry.waitFor({ timeout: 10_000 });
    await entry.click();
    await entry.locator('dd[data-row="Comment"]').waitFor();
    expect(await entry.locator('dd[data-row="Comment"]').textContent()).toBe(`no ${payload}`);
    await popup.waitForTimeout(500);
    expect(await session.locator('img, script').count()).toBe(0);
    expect(await popup.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await popup.close();
  });
});
