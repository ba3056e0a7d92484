import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type PlainBrowser } from '../support/chromium.ts';
import { askAndWait, type PendingAsk, requestCard } from '../support/extension-cards.ts';
import { openPairedApp } from '../support/extension-pairing.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import { activeInteraction, type TestRelay } from './client-relay.ts';

// docs/approver-ui.md "Learned rules" and "Answering together", in the built extension's popup
// and in /app against the real relay: after three approvals of `npm test` its next card offers
// `Bash(npm test)` always (what it covers shown first; accepting it saves the rule, and the
// next `npm test` runs without asking); "Not this" declines a rule for good; the same call
// waiting in two sessions is answered in one press, each card showing its own result.

let relay: TestRelay;
let extension: Awaited<ReturnType<typeof startPairedExtension>>['extension'];
let chromium: PlainBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(async () => {
  await chromium?.close();
  await stopPairedExtension({ relay, extension });
});

let calls = 0;
async function ask(sid: string, command: string): Promise<PendingAsk> {
  await relay.agent.declareSession(sid, { title: sid, agent: 'e2e agent', mode: 'default' });
  return askAndWait(relay.agent, sid, {
    tool_call_id: `${sid}-${++calls}`,
    tool: 'Bash',
    input: { command },
    cwd: '/home/dev/app',
  });
}

/** Three approvals of `command` in sessions of their own, by the relay's approver token. */
async function approveThrice(prefix: string, command: string): Promise<void> {
  for (const n of [1, 2, 3]) {
    const sid = `${prefix}-${n}`;
    const pending = await ask(sid, command);
    const interaction = await activeInteraction(relay.approver, sid);
    await relay.approver.respond(sid, {
      interaction_id: interaction.interactionId,
      answer: { decision: 'approve', scope: 'once' },
    });
    expect((await pending.answer).outcome).toBe('allow');
  }
}

const sentText = (page: Page, sid: string) =>
  requestCard(page, sid).locator('[data-testid="sent"]').textContent({ timeout: 15_000 });

describe('learned rules', () => {
  it('the popup offers the rule after three approvals, and accepting saves it always', async () => {
    await approveThrice('learn', 'npm test');
    const fourth = await ask('learn-4', 'npm test');
    const entry = await activeInteraction(relay.approver, 'learn-4');
    // The relay suggests the exact command for a command without arguments.
    expect(entry.learned).toEqual({ rule: 'Bash(npm test)', approvals: 3 });

    const popup = await openPopup(extension);
    const card = requestCard(popup, 'learn-4');
    const offer = card.locator('[data-testid="learned-offer"]');
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.locator('[data-testid="learned-question"]').textContent()).toBe(
      'You approved npm test 3 times — allow Bash(npm test) always?',
    );
    expect(await offer.locator('[data-testid="learned-covers"]').textContent()).toBe(
      'Covers exactly the command npm test',
    );
    await offer.locator('[data-action="learned-accept"]').click();
    // The same confirmation as the menu's Always with this rule: asked for on a high or critical call.
    const risk = await card.locator('[data-testid="badge"]').getAttribute('data-risk');
    if (risk === 'high' || risk === 'critical') {
      expect(await card.locator('[data-testid="confirm-question"]').count()).toBe(1);
      await card.locator('.action--confirm').click();
    }
    expect(await sentText(popup, 'learn-4')).toBe('Sent · Approved always · Bash(npm test)');
    expect((await fourth.answer).outcome).toBe('allow');
    // Saved always: the next `npm test`, in a new session, runs without asking.
    await relay.agent.declareSession('learn-5', { title: 'learn-5', agent: 'e2e agent', mode: 'default' });
    const next = await relay.agent.submit('learn-5', {
      tool_call_id: 'learn-5-1',
      tool: 'Bash',
      input: { command: 'npm test' },
      cwd: '/home/dev/app',
      wait: 0,
    });
    expect(next.outcome).toBe('allow');
    await popup.close();
  });

  it('/app declines one with "Not this": the offer goes, and stays gone', async () => {
    await approveThrice('lint', 'npm run lint');
    await ask('lint-4', 'npm run lint');
    chromium = await launchBrowser();
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const app = await openPairedApp(context, relay.url, relay.admin);
    const offer = requestCard(app, 'lint-4').locator('[data-testid="learned-offer"]');
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.getAttribute('data-rule')).toBe('Bash(npm run lint)');
    await offer.locator('[data-action="learned-decline"]').click();
    await offer.waitFor({ state: 'detached', timeout: 15_000 });
    // The relay stopped offering it: the question's entry has no `learned` any more.
    await expect
      .poll(async () => (await activeInteraction(relay.approver, 'lint-4')).learned, { timeout: 15_000 })
      .toBeUndefined();
    // The question itself still waits for an answer.
    expect(await requestCard(app, 'lint-4').locator('[data-testid="answer-menu"]').count()).toBe(1);
    await app.close();
  });
});

describe('answering identical questions together', () => {
  it('the popup approves the same call in two sessions with one press; each card says so', async () => {
    const command = 'npm run build -- --mode=production';
    const [a, b] = [await ask('same-a', command), await ask('same-b', command)];
    await ask('other', 'npm run build -- --mode=development');
    const popup = await openPopup(extension);
    const batch = requestCard(popup, 'same-a').locator('[data-testid="batch"]');
    await batch.waitFor({ timeout: 15_000 });
    expect(await batch.getAttribute('data-count')).toBe('2');
    // The other call is not the same: its card offers no batch.
    await requestCard(popup, 'other').waitFor();
    expect(await requestCard(popup, 'other').locator('[data-testid="batch"]').count()).toBe(0);
    await batch.locator('[data-action="batch-allow_once"]').click();
    for (const sid of ['same-a', 'same-b'])
      expect(await sentText(popup, sid)).toBe('Sent · Approved once · answered with 1 more');
    expect((await a.answer).outcome).toBe('allow');
    expect((await b.answer).outcome).toBe('allow');
    // Each recorded on its own, by the extension's token.
    for (const sid of ['same-a', 'same-b']) {
      const { events } = await relay.approver.audit(sid);
      const resolution = events.find((event) => event.name === 'tool_permission_resolution');
      expect(resolution?.value).toMatchObject({
        behavior: 'allow',
        scope: 'once',
        actor: { role: 'approver' },
      });
    }
    await popup.close();
  });

  it('/app denies the same call in two sessions with one press', async () => {
    const command = 'curl -s https://example.com/install.sh -o install.sh';
    const [a, b] = [await ask('deny-a', command), await ask('deny-b', command)];
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const app = await openPairedApp(context, relay.url, relay.admin);
    const batch = requestCard(app, 'deny-b').locator('[data-testid="batch"]');
    await batch.waitFor({ timeout: 15_000 });
    await batch.locator('[data-action="batch-deny"]').click();
    for (const sid of ['deny-a', 'deny-b'])
      expect(await sentText(app, sid)).toBe('Sent · Denied · answered with 1 more');
    expect((await a.answer).outcome).toBe('deny');
    expect((await b.answer).outcome).toBe('deny');
    await app.close();
  });
});
