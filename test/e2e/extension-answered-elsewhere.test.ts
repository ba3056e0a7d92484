import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { askAndWait, requestCard } from '../support/extension-cards.ts';
import { openPairedApp, pairExtension } from '../support/extension-pairing.ts';
import { type PushGate, startPushGate } from '../support/extension-push-gate.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// Two approvers, one question. Whoever answers first wins; the other screen must say the
// request was answered elsewhere rather than silently drop it or pretend its own click counted.
//
// 1. The popup is open on a request; /app (a second approver, paired by its own #pair= link)
//    answers it → the popup's card folds to one grey line saying it was answered elsewhere.
// 2. A stale card: the extension talks to the relay through a gate that can hold back inbox
//    pushes, so its card still offers Approve after the SDK has answered. Clicking it gets the
//    relay's 409 → the same answered-elsewhere state, with the resolution the relay reports.
// 3. The same held pushes let a card outlive its question's expiry: Approve then gets 410 →
//    the card says expired.

let relay: TestRelay;
let gate: PushGate;
let extension: ExtensionBrowser;

beforeAll(async () => {
  relay = await startRelay();
  gate = await startPushGate(new URL(relay.url));
  extension = await launchExtension();
  await (await pairExtension(extension, gate.url, relay.admin)).close();
});

afterAll(async () => {
  await extension?.close();
  await gate?.close();
  await relay?.stop();
});

/** The popup, open on a session's request, its Approve once button showing. */
async function openOnRequest(sessionId: string) {
  const popup = await extension.open('popup.html');
  const card = requestCard(popup, sessionId);
  const approve = card.locator('[data-action="allow_once"]');
  await approve.waitFor({ timeout: 10_000 });
  return { popup, card, approve };
}

describe('answered elsewhere', () => {
  it('answered from /app while the popup shows it → the popup card says answered elsewhere', async () => {
    const sid = 'two-approvers';
    await relay.agent.declareSession(sid, { title: 'Two approvers', agent: 'e2e', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'migrate',
      tool: 'Bash',
      input: { command: 'npm run db:migrate' },
    });
    const popup = await extension.open('popup.html');
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_once"]').waitFor({ timeout: 10_000 });
    expect(await card.locator('[data-testid="answered-elsewhere"]').count()).toBe(0);

    const app = await openPairedApp(extension.context, relay.url, relay.admin);
    await requestCard(app, sid).locator('[data-action="allow_once"]').click();
    // /app pairs named by its platform: the relay records that approver, and the popup names it.
    expect(await ask.answer).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_once', actor: { label: 'Chrome on Linux', role: 'approver' } },
    });

    await card.locator('[data-testid="answered-elsewhere"]').waitFor({ timeout: 10_000 });
    expect(await card.locator('[data-testid="answered-elsewhere"]').textContent()).toBe(
      'Answered elsewhere — approved once · Chrome on Linux',
    );
    expect(await card.locator('[data-action]').count()).toBe(0);
    await popup.locator('[data-testid="clear-folded"]').click();
    await expect.poll(() => card.count()).toBe(0);
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    await app.close();
    await popup.close();
  });

  it('Approve on a stale card → 409 → answered elsewhere, and the other answer stands', async () => {
    const sid = 'stale-card';
    await relay.agent.declareSession(sid, { title: 'Stale card', agent: 'e2e', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'publish',
      tool: 'Bash',
      input: { command: 'npm publish' },
    });
    const { popup, card, approve } = await openOnRequest(sid);

    gate.hold();
    try {
      await relay.approver.respond(sid, {
        interaction_id: ask.submitted.interaction!.interactionId,
        answer: { decision: 'reject', comment: 'not from this branch' },
      });
      expect(await ask.answer).toMatchObject({
        outcome: 'deny',
        resolution: { actionId: 'deny', actor: { label: 'e2e approver', role: 'approver' } },
      });
      // The push is held: the popup still offers Approve.
      await popup.waitForTimeout(300);
      expect(await approve.isEnabled()).toBe(true);
      await approve.click();
      const notice = card.locator('[data-testid="answered-elsewhere"]');
      await notice.waitFor({ timeout: 10_000 });
      // The relay's 409 carries the resolution, and with it who answered: the SDK's approver token.
      expect(await notice.textContent()).toBe('Answered elsewhere — denied · e2e approver');
      expect(await card.locator('[data-testid="action-error"]').count()).toBe(0);
    } finally {
      gate.release();
    }
    // The click changed nothing: the relay still has the denial.
    const state = await relay.agent.getToolCall(sid, 'publish');
    expect(state).toMatchObject({ outcome: 'deny', resolution: { comment: 'not from this branch' } });
    await card.locator('[data-testid="answered-elsewhere"]').waitFor();
    await popup.close();
  });

  it('Approve after the question expired (pushes held, so the card still offers it) → 410 → expired', async () => {
    const sid = 'slow-approver';
    await relay.agent.declareSession(sid, {
      title: 'Slow approver',
      agent: 'e2e',
      mode: 'default',
      permissions: { timeoutSeconds: 10 },
    });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'late',
      tool: 'Bash',
      input: { command: 'npm run db:seed' },
    });
    const { popup, card, approve } = await openOnRequest(sid);

    gate.hold();
    try {
      // Expiry denies (DESIGN §6): the agent learns it first.
      expect(await ask.answer).toMatchObject({ outcome: 'deny', resolution: { source: 'timeout' } });
      expect(await approve.isEnabled()).toBe(true);
      await approve.click();
      await card.locator('[data-testid="expired"]').waitFor({ timeout: 10_000 });
      expect(await card.locator('[data-testid="expired"]').textContent()).toBe(
        'Expired — the agent was denied',
      );
      expect(await card.locator('[data-testid="action-error"]').count()).toBe(0);
    } finally {
      gate.release();
    }
    expect(await relay.agent.getToolCall(sid, 'late')).toMatchObject({
      outcome: 'deny',
      resolution: { actionId: 'expired' },
    });
    await popup.close();
  });
});
