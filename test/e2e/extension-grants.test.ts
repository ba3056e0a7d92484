import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import { activeInteraction, adminToken, type TestRelay } from './client-relay.ts';

// The answer menu and the grants it makes, in the built extension against the real relay:
// - "For this session" / "Always" say they cover the exact call; the grant is listed (what it
//   covers, scope, who, expiry), used by the same call, revoked from the list, then not used.
// - With a relay that suggests rules and marks inputs editable, a rule
//   is shown as its text before it is saved, saved, used by a different call, revoked; a time
//   box reaches the resolution; an edit is approved and reaches the agent; an edit into a denied
//   command is the agent's deny (the relay decides the edit again and deny rules win), and the
//   card says "Denied" with the relay's words, never "Approved".

let relay: TestRelay;
let extension: ExtensionBrowser;
/** Whether this relay sends `suggestions`/`editable` with a question (branch `wire`). */
let wired = false;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
  const sid = 'probe';
  await relay.agent.declareSession(sid, { title: 'Probe', agent: 'e2e agent', mode: 'default' });
  const ask = await askAndWait(relay.agent, sid, {
    tool_call_id: 'probe-1',
    tool: 'Bash',
    input: { command: 'npm install left-pad' },
  });
  const shown = await activeInteraction(relay.approver, sid);
  wired = shown.suggestions !== undefined && shown.editable !== undefined;
  await relay.approver.respond(sid, { interaction_id: shown.interactionId, answer: { decision: 'reject' } });
  await ask.answer;
});
afterAll(() => stopPairedExtension({ relay, extension }));

/** Presses an answer and, when the card asks for its confirm step, confirms. */
async function press(card: Locator, action: string): Promise<void> {
  await card.locator(`[data-action="${action}"]`).click();
  const confirm = card.locator('[data-action="confirm"]');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
}

/** The grants section of a session (opened) or of the workspace. */
async function grantsOf(popup: Page, sessionId?: string): Promise<Locator> {
  if (sessionId === undefined) return popup.locator('[data-testid="grants"][data-scope="global"]');
  const session = popup.locator(`[data-testid="session"][data-session-id="${sessionId}"]`);
  await session.waitFor({ timeout: 10_000 });
  if ((await session.locator('[data-testid="grants"]').count()) === 0)
    await session.locator('[data-testid="session-toggle"]').click();
  return session.locator('[data-testid="grants"]');
}

async function rowTexts(row: Locator): Promise<Record<string, string>> {
  const text = async (id: string) => (await row.locator(`[data-testid="${id}"]`).textContent()) ?? '';
  return {
    covers: await text('grant-covers'),
    reach: await text('grant-reach'),
    scope: await text('grant-scope'),
    made: await text('grant-made'),
    expiry: await text('grant-expiry'),
  };
}

describe('exact-call grants', () => {
  it('"For this session" is listed with what it covers and who made it, used again, revoked, then asks', async () => {
    const sid = 'grant-session';
    await relay.agent.declareSession(sid, { title: 'Deps', agent: 'e2e agent', mode: 'default' });
    const call = { tool: 'Bash', input: { command: 'npm install left-pad' } };
    const ask = await askAndWait(relay.agent, sid, { tool_call_id: 'c1', ...call });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_session"]').waitFor({ timeout: 10_000 });
    expect(await hookText(card, 'exact-covers')).toBe(
      'For this session / Always: this exact call, with this exact input',
    );
    await press(card, 'allow_session');
    const answered = await ask.answer;
    expect(answered).toMatchObject({ outcome: 'allow', resolution: { scope: 'session' } });
    const label = answered.resolution?.actor?.label;
    expect(label).toBeTruthy();

    // The same call again is allowed by the grant, without asking.
    expect((await relay.agent.submit(sid, { tool_call_id: 'c2', ...call, wait: 0 })).outcome).toBe('allow');

    const grants = await grantsOf(popup, sid);
    const row = grants.locator('[data-testid="grant"]');
    await row.first().waitFor({ timeout: 10_000 });
    expect(await row.count()).toBe(1);
    expect(await rowTexts(row)).toEqual({
      covers: 'Bash · npm install left-pad',
      reach: 'this exact call, with this exact input',
      scope: 'This session',
      made: `by ${label} · just now`,
      expiry: 'Until the session ends',
    });

    await row.locator('[data-action="revoke"]').click();
    await grants.locator('[data-testid="grants-empty"]').waitFor({ timeout: 10_000 });
    expect(await row.count()).toBe(0);
    // Revoked: the same call asks again.
    const again = await relay.agent.submit(sid, { tool_call_id: 'c3', ...call, wait: 0 });
    expect(again.outcome).toBe('pending');
    await relay.agent.cancel(sid, again.toolCallId);
    await popup.close();
  });

  it('a time-boxed grant counts down in the list, stops applying when it ends, and then shows Expired', async () => {
    const sid = 'grant-time-box';
    await relay.agent.declareSession(sid, { title: 'Box', agent: 'e2e agent', mode: 'default' });
    const call = { tool: 'Bash', input: { command: 'npm install is-odd' } };
    const ask = await askAndWait(relay.agent, sid, { tool_call_id: 't1', ...call });
    const shown = await activeInteraction(relay.approver, sid);
    // A short time box, as a client computes `expires_at` (the menu offers 15 min and longer).
    const endsAt = Date.now() + 20_000;
    await relay.approver.respond(sid, {
      interaction_id: shown.interactionId,
      answer: { decision: 'approve', scope: 'session', expires_at: new Date(endsAt).toISOString() },
    });
    expect(await ask.answer).toMatchObject({ outcome: 'allow', resolution: { scope: 'session' } });
    // Inside its time box the grant answers the same call.
    expect((await relay.agent.submit(sid, { tool_call_id: 't2', ...call, wait: 0 })).outcome).toBe('allow');

    const popup = await openPopup(extension);
    const row = (await grantsOf(popup, sid)).locator('[data-testid="grant"]');
    await row.first().waitFor({ timeout: 10_000 });
    expect(await hookText(row, 'grant-expiry')).toMatch(/^Expires in 0:[012]\d$/);
    // Once it has ended, the list says so and the same call asks again.
    await expect.poll(() => hookText(row, 'grant-expiry'), { timeout: 45_000 }).toBe('Expired');
    await expect.poll(() => Date.now() > endsAt, { timeout: 45_000 }).toBe(true);
    const again = await relay.agent.submit(sid, { tool_call_id: 't3', ...call, wait: 0 });
    expect(again.outcome).toBe('pending');
    await relay.agent.cancel(sid, again.toolCallId);
    await popup.close();
  });

  it('"Always" is listed for every session and revoked from the workspace list', async () => {
    const sid = 'grant-always';
    await relay.agent.declareSession(sid, { title: 'Docs', agent: 'e2e agent', mode: 'default' });
    const call = { tool: 'Bash', input: { command: 'npm run docs:build' } };
    const ask = await askAndWait(relay.agent, sid, { tool_call_id: 'a1', ...call });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_always"]').waitFor({ timeout: 10_000 });
    await press(card, 'allow_always');
    expect(await ask.answer).toMatchObject({ outcome: 'allow', resolution: { scope: 'global' } });

    const grants = await grantsOf(popup);
    const row = grants.locator('[data-testid="grant"]', { hasText: 'npm run docs:build' });
    await row.waitFor({ timeout: 10_000 });
    expect(await rowTexts(row)).toMatchObject({
      covers: 'Bash · npm run docs:build',
      scope: 'Every session',
      expiry: 'Until revoked',
    });
    // Another session's same call is covered too.
    await relay.agent.declareSession('grant-always-2', {
      title: 'Docs 2',
      agent: 'e2e agent',
      mode: 'default',
    });
    expect(
      (await relay.agent.submit('grant-always-2', { tool_call_id: 'a2', ...call, wait: 0 })).outcome,
    ).toBe('allow');

    await row.locator('[data-action="revoke"]').click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    const again = await relay.agent.submit('grant-always-2', { tool_call_id: 'a3', ...call, wait: 0 });
    expect(again.outcome).toBe('pending');
    await relay.agent.cancel('grant-always-2', again.toolCallId);
    await popup.close();
  });

  it('a grant removed elsewhere leaves the list on Revoke, without an error', async () => {
    const sid = 'grant-gone';
    await relay.agent.declareSession(sid, { title: 'Gone', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'g1',
      tool: 'Bash',
      input: { command: 'npm run lint' },
    });
    const shown = await activeInteraction(relay.approver, sid);
    await relay.approver.respond(sid, {
      interaction_id: shown.interactionId,
      answer: { decision: 'approve', scope: 'session' },
    });
    await ask.answer;
    const popup = await openPopup(extension);
    const grants = await grantsOf(popup, sid);
    const row = grants.locator('[data-testid="grant"]');
    await row.waitFor({ timeout: 10_000 });
    const id = await row.getAttribute('data-grant-id');
    const removed = await fetch(`${relay.url}/api/v1/sessions/${sid}/grants/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(removed.status).toBe(204);
    await row.locator('[data-action="revoke"]').click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await grants.locator('[data-testid="grant-error"]').count()).toBe(0);
    await popup.close();
  });
});

describe('rules, time boxes and edits (needs a relay that suggests rules: branch wire)', () => {
  it('a suggested rule is shown before it is saved, covers a different call, and is revoked', async (context) => {
    if (!wired) context.skip();
    const sid = 'rule-session';
    await relay.agent.declareSession(sid, { title: 'Rules', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'r1',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    const option = card.locator('[data-testid="rule-option"][data-rules="Bash(npm install:*)"]');
    await option.waitFor({ timeout: 10_000 });
    expect(await hookText(option, 'rule-text')).toBe('Bash(npm install:*)');
    expect(await hookText(option, 'rule-covers')).toBe('Covers any command starting npm install');
    await card.locator('[data-testid="time-box"]').selectOption('1h');
    const before = Date.now();
    await press(option, 'rule_session');
    const answered = await ask.answer;
    expect(answered).toMatchObject({
      outcome: 'allow',
      resolution: { scope: 'session', rules: ['Bash(npm install:*)'] },
    });
    const expiresAt = Date.parse(answered.resolution?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
    expect(await hookText(card, 'sent')).toBe(
      'Sent · Approved for this session · Bash(npm install:*) · for 1 hour',
    );

    // A different call the rule covers is allowed.
    const other = { tool: 'Bash', input: { command: 'npm install lodash' } };
    expect((await relay.agent.submit(sid, { tool_call_id: 'r2', ...other, wait: 0 })).outcome).toBe('allow');

    const grants = await grantsOf(popup, sid);
    const row = grants.locator('[data-testid="grant"][data-kind="rule"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await rowTexts(row)).toMatchObject({
      covers: 'Bash(npm install:*)',
      reach: 'any command starting npm install',
      scope: 'This session',
    });
    expect((await rowTexts(row)).expiry).toMatch(/^Expires in (1:00:00|59:\d\d)$/);
    await row.locator('[data-action="revoke"]').click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    const again = await relay.agent.submit(sid, { tool_call_id: 'r3', ...other, wait: 0 });
    expect(again.outcome).toBe('pending');
    await relay.agent.cancel(sid, again.toolCallId);
    await popup.close();
  });

  it('edit, then approve: the edited command reaches the agent, the sent line says so', async (context) => {
    if (!wired) context.skip();
    const sid = 'edit-approve';
    await relay.agent.declareSession(sid, { title: 'Edit', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'e1',
      tool: 'Bash',
      input: { command: 'npm install left-pad', description: 'Install' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="edit"]').click({ timeout: 10_000 });
    const field = card.locator('[data-testid="edit-field"][data-field="command"]');
    expect(await field.inputValue()).toBe('npm install left-pad');
    await field.fill('npm install --ignore-scripts left-pad');
    await card.locator('[data-action="edit-approve"]').click();
    expect(await ask.answer).toMatchObject({
      outcome: 'allow',
      resolution: {
        scope: 'once',
        updatedInput: { command: 'npm install --ignore-scripts left-pad', description: 'Install' },
      },
    });
    await card.locator('[data-testid="sent"]').waitFor({ timeout: 5_000 });
    expect(await hookText(card, 'sent')).toBe('Sent · Approved once · Edited before approval');
    await popup.close();
  });

  it('an edit into a denied command is a deny: the agent gets the relay’s reason, and the card says Denied', async (context) => {
    if (!wired) context.skip();
    const sid = 'edit-denied';
    await relay.agent.declareSession(sid, {
      title: 'Edit denied',
      agent: 'e2e agent',
      mode: 'default',
      permissions: { permissions: { deny: ['Bash(rm:*)'] } },
    });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'd1',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="edit"]').click({ timeout: 10_000 });
    const field = card.locator('[data-testid="edit-field"][data-field="command"]');
    await field.fill('rm -rf build');
    await card.locator('[data-action="edit-approve"]').click();
    // The edit is decided again (DESIGN §5, deny rules first): the approval becomes the rule's
    // deny, the edited command never reaches the agent, and the reason names the rule.
    const answer = await ask.answer;
    expect(answer).toMatchObject({ outcome: 'deny', resolution: { behavior: 'deny', source: 'user' } });
    expect(answer.resolution?.updatedInput).toBeUndefined();
    const comment = answer.resolution?.comment ?? '';
    expect(comment).toMatch(/^The edited input is denied: /);
    expect(comment).toContain('Bash(rm:*)');
    // The card tells the truth about it before it leaves: denied, and why — not "Approved once".
    const sent = card.locator('[data-testid="sent"]');
    await sent.waitFor({ timeout: 10_000 });
    expect(await sent.textContent()).toBe(`Sent · Denied · ${comment}`);
    expect(await card.locator('[data-testid="action-error"]').count()).toBe(0);
    await popup.close();
  });
});
