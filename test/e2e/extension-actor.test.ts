import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLabel } from '../../extension/lib/device-label.ts';
import { AuditLog, SessionEvent } from '../../shared/contract/index.ts';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Every answer names its approver, end to end: an answer given in the built
// extension is recorded with the token the extension paired with and its label; the timeline,
// the audit export (JSON and JSON Lines) and the session detail say the same.

let relay: TestRelay;
let extension: ExtensionBrowser;
let label: string;
/** A second approver's token, to read the audit as an approver does, over plain HTTP. */
let approverToken: string;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
  const worker = await extension.worker();
  label = deviceLabel({ userAgent: await worker.evaluate(() => navigator.userAgent) });
  approverToken = (await relay.admin.issueToken({ role: 'approver', label: 'audit reader' })).token;
});
afterAll(() => stopPairedExtension({ relay, extension }));

async function audit(sid: string, format: 'json' | 'jsonl'): Promise<SessionEvent[]> {
  const response = await fetch(`${relay.url}/api/v1/sessions/${sid}/audit?format=${format}`, {
    headers: { authorization: `Bearer ${approverToken}` },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  if (format === 'json') return AuditLog.parse(JSON.parse(text)).events;
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => SessionEvent.parse(JSON.parse(line)));
}

describe('who answered, from the extension to the audit', () => {
  it('an approval in the popup reads "User approved · <label>" in the timeline, and the audit carries the same actor', async () => {
    expect(label).toMatch(/^Chrome on /);
    // The extension's token is the approver token with that label; nothing else has it.
    const tokens = await relay.admin.tokens();
    const paired = tokens.filter((token) => token.label === label);
    expect(paired).toHaveLength(1);
    expect(paired[0]).toMatchObject({ role: 'approver' });
    const tokenId = paired[0]!.id;

    const sid = 'named-answers';
    await relay.agent.declareSession(sid, { title: 'Named answers', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'push',
      tool: 'Bash',
      input: { command: 'git push origin main' },
    });
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.locator('[data-action="allow_once"]').click({ timeout: 10_000 });
    const answered = await ask.answer;
    const actor = { tokenId, label, role: 'approver' };
    expect(answered).toMatchObject({ outcome: 'allow', resolution: { source: 'user', actor } });

    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const entry = session.locator('[data-testid="timeline-entry"][data-tool-call-id="push"]');
    await entry.locator('[data-testid="answered-by"]').waitFor({ timeout: 10_000 });
    const row = `${await hookText(entry, 'badge')} · ${await hookText(entry, 'answered-by')}`;
    expect(row).toBe(`User approved · ${label}`);

    for (const format of ['json', 'jsonl'] as const) {
      const events = await audit(sid, format);
      const resolutions = events.filter((event) => event.name === 'tool_permission_resolution');
      expect(resolutions, format).toHaveLength(1);
      expect(resolutions[0]!.value, format).toMatchObject({ toolCallId: 'push', actor });
    }
    await popup.close();
  });

  it('a mode switched in the popup is recorded with the same actor, and the session detail says who set it', async () => {
    const sid = 'named-mode';
    await relay.agent.declareSession(sid, {
      title: 'Named mode',
      agent: 'e2e agent',
      modes: [
        { id: 'default', label: 'Ask before edits' },
        { id: 'plan', label: 'Plan only' },
      ],
      mode: 'default',
    });
    const popup = await openPopup(extension);
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    // Declared by the agent: the detail says so before anyone switches.
    await expect.poll(() => hookText(session, 'mode-set-by'), { timeout: 10_000 }).toBe('set by the agent');

    await session.locator('select[data-testid="mode"]').selectOption('plan');
    await expect
      .poll(async () => (await relay.approver.getSession(sid)).mode, { timeout: 10_000 })
      .toBe('plan');
    const detail = await relay.approver.getSession(sid);
    expect(detail).toMatchObject({ modeSetBy: 'approver', modeActor: { label, role: 'approver' } });
    await expect.poll(() => hookText(session, 'mode-set-by'), { timeout: 10_000 }).toBe(`set by ${label}`);
    const change = session.locator('[data-testid="mode-change"][data-engine-mode="plan"]');
    await change.waitFor({ timeout: 10_000 });
    expect(await hookText(change, 'mode-change-text')).toBe(
      `Mode: Ask before edits → Plan only · by ${label}`,
    );

    for (const format of ['json', 'jsonl'] as const) {
      const changes = (await audit(sid, format)).filter(
        (event) => event.name === 'mode_changed' && event.value.mode === 'plan',
      );
      expect(changes, format).toHaveLength(1);
      expect(changes[0]!.value, format).toMatchObject({
        by: 'approver',
        actor: { tokenId: detail.modeActor!.tokenId, label, role: 'approver' },
      });
    }
    await popup.close();
  });
});
