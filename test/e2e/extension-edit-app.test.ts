import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser, phone } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The answer menu in /app at 390×844 against the real relay. Where the relay does not yet send
// `suggestions` and `editable` with a question, the inbox socket is relayed through the browser
// and they are added to each active interaction, as the relay will send them; what the page then
// sends is read from its own requests. The relay's handling of rules and edits is tested on its side.

let relay: TestRelay;
let chromium: PlainBrowser;
let context: BrowserContext;
let page: Page;
const sent: unknown[] = [];

const suggestions = [{ rules: ['Bash(npm install:*)'] }];

function withMenu(text: string): string {
  const message = JSON.parse(text) as { sessions?: unknown[]; session?: unknown };
  const add = (session: { activeInteraction?: Record<string, unknown> | null }) => {
    const interaction = session.activeInteraction;
    if (interaction && interaction.suggestions === undefined) interaction.suggestions = suggestions;
    if (interaction && interaction.editable === undefined) interaction.editable = true;
  };
  for (const session of message.sessions ?? []) add(session as never);
  if (message.session) add(message.session as never);
  return JSON.stringify(message);
}

beforeAll(async () => {
  relay = await startRelay();
  chromium = await launchBrowser();
  context = await chromium.newContext(phone);
  page = await context.newPage();
  await page.routeWebSocket(/\/api\/v1\/inbox/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) =>
      socket.send(typeof message === 'string' && message !== 'pong' ? withMenu(message) : message),
    );
    socket.onMessage((message) => server.send(message));
  });
  await page.route('**/api/v1/sessions/*/interaction-respond', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.continue();
  });
  await page.goto(`${relay.url}/app#pair=${await pairingCode(relay.admin)}`);
  await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await chromium?.close();
  await relay?.stop();
});

describe('the answer menu in /app', () => {
  it('edit, then approve: the command in a monospace box, sent as updated_input, said in the sent line', async () => {
    const sid = 'app-edit';
    await relay.agent.declareSession(sid, { title: 'Edit', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'e1',
      tool: 'Bash',
      input: { command: 'npm install left-pad', description: 'Install' },
    });
    const card = requestCard(page, sid);
    await card.locator('[data-action="edit"]').click({ timeout: 10_000 });
    const field = card.locator('[data-testid="edit-field"][data-field="command"]');
    expect(await field.inputValue()).toBe('npm install left-pad');
    expect(await field.evaluate((box) => getComputedStyle(box).fontFamily)).toMatch(/mono/i);
    await field.fill('npm install --ignore-scripts left-pad');
    await card.locator('[data-action="edit-approve"]').click();
    expect((await ask.answer).outcome).toBe('allow');
    expect(sent.at(-1)).toMatchObject({
      answer: {
        decision: 'approve',
        scope: 'once',
        updated_input: { command: 'npm install --ignore-scripts left-pad', description: 'Install' },
      },
    });
    await card.locator('[data-testid="sent"]').waitFor({ timeout: 5_000 });
    expect(await hookText(card, 'sent')).toBe('Sent · Approved once · Edited before approval');
  });

  it('a suggested rule is shown as its text and reach, and sent with the time box’s end', async () => {
    const sid = 'app-rule';
    await relay.agent.declareSession(sid, { title: 'Rule', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'r1',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const card = requestCard(page, sid);
    const option = card.locator('[data-testid="rule-option"][data-rules="Bash(npm install:*)"]');
    await option.waitFor({ timeout: 10_000 });
    expect(await hookText(option, 'rule-text')).toBe('Bash(npm install:*)');
    expect(await hookText(option, 'rule-covers')).toBe('Covers any command starting npm install');
    await card.locator('[data-testid="time-box"]').selectOption('15m');
    const before = Date.now();
    await option.locator('[data-action="rule_session"]').click();
    const confirm = card.locator('[data-action="confirm"]');
    if (await confirm.isVisible().catch(() => false)) {
      expect(await confirm.textContent()).toBe('Allow Bash(npm install:*) for this session, for 15 min');
      await confirm.click();
    }
    expect((await ask.answer).outcome).toBe('allow');
    const body = sent.at(-1) as { answer: { rules?: string[]; scope?: string; expires_at?: string } };
    expect(body.answer).toMatchObject({
      decision: 'approve',
      scope: 'session',
      rules: ['Bash(npm install:*)'],
    });
    const end = Date.parse(body.answer.expires_at ?? '');
    expect(end).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    await card.locator('[data-testid="sent"]').waitFor({ timeout: 5_000 });
    expect(await hookText(card, 'sent')).toBe(
      'Sent · Approved for this session · Bash(npm install:*) · for 15 min',
    );
  });
});
