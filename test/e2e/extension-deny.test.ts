import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, expectDecisionRows, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Deny with a comment from the popup: the waiting agent gets `deny` and the comment, carried in
// its ToolCallState's `resolution.comment`; the session's timeline (read back from the relay)
// then shows the escalation's two stages, the comment among them.

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

describe('deny from the popup', () => {
  it('Deny, a comment, confirm → the agent gets deny and the comment; the timeline keeps both stages', async () => {
    const sid = 'upload-assets';
    await relay.agent.declareSession(sid, { title: 'Upload assets', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'sync-prod',
      tool: 'Bash',
      input: { command: 'aws s3 sync ./dist s3://prod-assets --delete' },
    });

    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('[data-testid="deny-comment"]').count()).toBe(0);
    await card.locator('[data-action="deny"]').click();
    const comment = card.locator('textarea[data-testid="deny-comment"]');
    await comment.waitFor();
    await comment.fill('use the staging bucket');
    await card.locator('[data-action="deny-confirm"]').click();

    const answer = await ask.answer;
    expect(answer).toMatchObject({
      outcome: 'deny',
      resolution: { source: 'user', actionId: 'deny', behavior: 'deny', comment: 'use the staging bucket' },
    });
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('');

    // The timeline, from the relay's audit log: "User denied", red, and both stages when expanded.
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const entry = session.locator('[data-testid="timeline-entry"][data-tool-call-id="sync-prod"]');
    await entry.waitFor({ timeout: 10_000 });
    const badge = entry.locator('[data-testid="badge"]');
    expect(await badge.textContent()).toBe('User denied');
    expect(await badge.getAttribute('data-color')).toBe('red');
    await entry.click();
    await expectDecisionRows(entry, answer.decision, answer.resolution);
    expect(await entry.locator('dd[data-row="Comment"]').textContent()).toBe('use the staging bucket');
    await popup.close();
  });

  it('Deny confirmed with an empty comment sends none', async () => {
    const sid = 'force-push';
    await relay.agent.declareSession(sid, { title: 'Force push', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'push-f',
      tool: 'Bash',
      input: { command: 'git push --force origin main' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    await card.locator('[data-action="deny"]').click();
    await card.locator('[data-action="deny-confirm"]').click();
    const answer = await ask.answer;
    expect(answer).toMatchObject({ outcome: 'deny', resolution: { actionId: 'deny' } });
    expect(answer.resolution?.comment).toBeUndefined();
    await popup.close();
  });
});
