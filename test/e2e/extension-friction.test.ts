import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { popupScreenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Friction where it matters, and cards that tell the truth:
// - "Always" on a critical call needs a second click on a button that names what it allows;
//   the single keys `A` and `s` only open that step, never answer; `a` approves once.
// - Switching a session to Full Access asks first, and the timeline shows the switch and who made it.
// - An answer says "Sent · …" before it leaves; a question that expired and one answered from
//   another client fold into grey lines saying what happened, cleared together.
// - The timeline says what ran: the command, the risk, who answered, the reported result.

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

/** The agent has not been answered: its call is still pending at the relay. */
async function stillPending(sid: string, toolCallId: string): Promise<void> {
  expect((await relay.agent.getToolCall(sid, toolCallId)).outcome).toBe('pending');
}

describe('confirm steps', () => {
  it('Always on a critical call needs its confirm click; `A` alone only opens it', async () => {
    const sid = 'force-push';
    await relay.agent.declareSession(sid, { title: 'Release', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'push-main',
      tool: 'Bash',
      input: { command: 'git push --force origin main' },
    });
    expect(ask.submitted.decision.risk).toBe('critical');
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_always"]').waitFor({ timeout: 10_000 });
    expect(await hookText(card, 'command')).toBe('git push --force origin main');

    await card.locator('[data-action="allow_always"]').click();
    const confirm = card.locator('[data-testid="confirm"]');
    await confirm.waitFor();
    expect(await confirm.getAttribute('data-confirming')).toBe('allow_always');
    expect(await card.locator('[data-action="confirm"]').textContent()).toBe(
      'Always allow this exact Bash call, in every session',
    );
    expect(await hookText(card, 'confirm-question')).toMatch(/^This call is rated critical\./);
    // The answers gave way to the confirm step; nothing was sent.
    expect(await card.locator('[data-action="allow_always"]').count()).toBe(0);
    await popupScreenshot(popup, 'popup-confirm-always');
    await stillPending(sid, 'push-main');

    await card.locator('[data-action="confirm-cancel"]').click();
    await card.locator('[data-action="allow_always"]').waitFor();
    await stillPending(sid, 'push-main');

    // Shift+A with the card focused: the confirm step again, still nothing sent.
    await card.focus();
    await popup.keyboard.press('Shift+A');
    await confirm.waitFor();
    await popup.keyboard.press('Shift+A');
    await popup.keyboard.press('Enter');
    await stillPending(sid, 'push-main');
    expect(await confirm.count()).toBe(1);

    await card.locator('[data-action="confirm"]').click();
    expect(await ask.answer).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_always', scope: 'global' },
    });
    await card.locator('[data-testid="sent"]').waitFor({ timeout: 5_000 });
    expect(await hookText(card, 'sent')).toBe('Sent · Approved always');
    await popup.close();
  });

  it('`s` alone opens the session confirm, Escape closes it, `a` approves once and no more', async () => {
    const sid = 'install-deps';
    await relay.agent.declareSession(sid, { title: 'Deps', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'install',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_once"]').waitFor({ timeout: 10_000 });
    await card.focus();
    await popup.keyboard.press('s');
    await card.locator('[data-testid="confirm"][data-confirming="allow_session"]').waitFor();
    expect(await card.locator('[data-action="confirm"]').textContent()).toBe(
      'Allow this exact Bash call for this session',
    );
    await stillPending(sid, 'install');
    await popup.keyboard.press('Escape');
    await card.locator('[data-action="allow_session"]').waitFor();
    await stillPending(sid, 'install');

    await card.focus();
    await popup.keyboard.press('a');
    expect(await ask.answer).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_once', scope: 'once' },
    });
    await card.locator('[data-testid="sent"]').waitFor({ timeout: 5_000 });
    expect(await hookText(card, 'sent')).toBe('Sent · Approved once');
    // And it leaves by itself a moment later.
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    await popup.close();
  });

  it('switching to Full Access asks first; the timeline shows the switch and who made it', async () => {
    const sid = 'mode-switch';
    await relay.agent.declareSession(sid, {
      title: 'Mode switch',
      agent: 'claude-code',
      modes: [
        { id: 'default', label: 'Ask before edits' },
        { id: 'bypassPermissions', label: 'Full Access' },
      ],
      mode: 'default',
    });
    const popup = await openPopup(extension);
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const select = session.locator('select[data-testid="mode"]');
    await select.selectOption('bypassPermissions');
    const confirm = session.locator('[data-testid="mode-confirm"]');
    await confirm.waitFor();
    expect(await select.inputValue()).toBe('default');
    expect((await relay.approver.getSession(sid)).mode).toBe('default');
    expect(await session.locator('[data-action="mode-confirm"]').textContent()).toBe(
      'Switch to Full Access (Full Access)',
    );
    await session.locator('[data-action="mode-cancel"]').click();
    expect(await confirm.count()).toBe(0);
    expect((await relay.approver.getSession(sid)).mode).toBe('default');

    await select.selectOption('bypassPermissions');
    await session.locator('[data-action="mode-confirm"]').click();
    await expect
      .poll(async () => (await relay.approver.getSession(sid)).mode, { timeout: 10_000 })
      .toBe('bypassPermissions');
    await popup.locator('[data-testid="sessions-refresh"]').click();
    const change = session.locator('[data-testid="mode-change"][data-engine-mode="bypass"]');
    await change.waitFor({ timeout: 10_000 });
    expect(await hookText(change, 'mode-change-text')).toMatch(
      /^Mode: Ask before edits → Full Access · by (an approver|.+)$/,
    );
    await popup.close();
  });
});

describe('cards that tell the truth', () => {
  it('an expired question and one answered from another client fold to grey lines, cleared together', async () => {
    await relay.agent.declareSession('will-expire', {
      title: 'Will expire',
      agent: 'e2e',
      mode: 'default',
      permissions: { timeoutSeconds: 10 },
    });
    await relay.agent.declareSession('elsewhere', { title: 'Elsewhere', agent: 'e2e', mode: 'default' });
    const late = await askAndWait(relay.agent, 'will-expire', {
      tool_call_id: 'late',
      tool: 'Bash',
      input: { command: 'npm run db:seed' },
    });
    const other = await askAndWait(relay.agent, 'elsewhere', {
      tool_call_id: 'other',
      tool: 'Bash',
      input: { command: 'npm run db:migrate' },
    });
    const popup = await openPopup(extension);
    const expiring = requestCard(popup, 'will-expire');
    const answered = requestCard(popup, 'elsewhere');
    await expiring.locator('[data-action="allow_once"]').waitFor({ timeout: 10_000 });
    await answered.locator('[data-action="allow_once"]').waitFor({ timeout: 10_000 });
    expect(await hookText(expiring, 'countdown')).toMatch(/^Expires in 0:(0\d|10)$/);

    await relay.approver.respond('elsewhere', {
      interaction_id: other.submitted.interaction!.interactionId,
      answer: { decision: 'approve', scope: 'once' },
    });
    expect(await other.answer).toMatchObject({ outcome: 'allow' });
    expect(await late.answer).toMatchObject({ outcome: 'deny', resolution: { source: 'timeout' } });

    await expect
      .poll(() => hookText(answered, 'answered-elsewhere'), { timeout: 10_000 })
      .toBe('Answered elsewhere — approved once · e2e approver');
    await expect
      .poll(() => hookText(expiring, 'expired'), { timeout: 10_000 })
      .toBe('Expired — the agent was denied');
    for (const card of [answered, expiring]) {
      expect(await card.getAttribute('data-state')).toBe('folded');
      expect(
        await card.locator('[data-action], [data-testid="badge"], [data-testid="queue-count"]').count(),
      ).toBe(0);
    }
    await popupScreenshot(popup, 'popup-folded');
    const clear = popup.locator('[data-testid="clear-folded"]');
    expect(await clear.textContent()).toBe('Clear 2 ended requests');
    await clear.click();
    await expect.poll(() => popup.locator('[data-testid="request"]').count()).toBe(0);
    expect(await clear.count()).toBe(0);
    await popup.close();
  });

  it('the timeline says what ran: command, risk, who answered, the result; Asks only filters', async () => {
    const sid = 'what-ran';
    await relay.agent.declareSession(sid, { title: 'What ran', agent: 'e2e', mode: 'default' });
    const read = await relay.agent.submit(sid, {
      tool_call_id: 'read',
      tool: 'Read',
      input: { file_path: 'README.md' },
    });
    expect(read.outcome).toBe('allow');
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'wipe',
      tool: 'Bash',
      input: { command: 'rm -rf build\necho done' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_once"]').click({ timeout: 10_000 });
    expect(await ask.answer).toMatchObject({ outcome: 'allow' });
    await relay.agent.reportResult(sid, 'wipe', { status: 'error', output: 'rm: build: Permission denied' });

    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const entry = session.locator('[data-testid="timeline-entry"][data-tool-call-id="wipe"]');
    await entry.locator('[data-testid="result"]').waitFor({ timeout: 10_000 });
    expect(await hookText(entry, 'about')).toBe('rm -rf build …');
    expect(await hookText(entry, 'risk')).toBe(
      `${ask.submitted.decision.risk[0]!.toUpperCase()}${ask.submitted.decision.risk.slice(1)} risk`,
    );
    // Who answered is the label the extension paired with, as the relay recorded it.
    const { resolution } = await relay.agent.getToolCall(sid, 'wipe');
    expect(resolution?.actor?.label).toBeTruthy();
    expect(await hookText(entry, 'answered-by')).toBe(resolution!.actor!.label);
    expect(await hookText(entry, 'result')).toBe('Ran · error');
    const readEntry = session.locator('[data-testid="timeline-entry"][data-tool-call-id="read"]');
    expect(await hookText(readEntry, 'about')).toBe('README.md');
    await popupScreenshot(popup, 'timeline-what-ran');

    await session.locator('[data-testid="asks-only"]').check();
    await expect.poll(() => readEntry.count()).toBe(0);
    expect(await entry.count()).toBe(1);
    await popup.close();
  });
});
