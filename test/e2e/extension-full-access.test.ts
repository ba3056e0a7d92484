import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { expectDecisionRows, hookText } from '../support/extension-cards.ts';
import { popupScreenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// A session in Full Access (Claude Code's `bypassPermissions`, the engine's `bypass`): calls are
// allowed without any review, and the popup's timeline must say exactly that — "Full Access ·
// Not reviewed", violet — never present it as reviewed. A routine read in the same session has
// no badge at all (decisionBadge returns null for it), and the agent's declared modes are what
// the mode selector lists. The agent cannot put itself in Full Access (DESIGN §5 "Layering"):
// it declares the modes, and the approver picks Full Access, as a person would.

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

describe('Full Access in the popup’s timeline', () => {
  it('the allowed call’s badge reads "Full Access · Not reviewed", violet; expanded, nothing claims a review', async () => {
    const sid = 'yolo-run';
    await relay.agent.declareSession(sid, {
      title: 'Unattended refactor',
      agent: 'claude-code',
      modes: [
        { id: 'default', label: 'Ask before edits', description: 'Asks for anything that is not a read' },
        { id: 'bypassPermissions', label: 'Full Access', description: 'Never asks' },
      ],
      mode: 'default',
    });
    expect(await relay.approver.selectMode(sid, 'bypassPermissions')).toMatchObject({
      mode: 'bypassPermissions',
      engineMode: 'bypass',
      modeSetBy: 'approver',
    });
    const read = await relay.agent.submit(sid, {
      tool_call_id: 'read-1',
      tool: 'Read',
      input: { file_path: 'README.md' },
    });
    expect(read.outcome).toBe('allow');
    const wipe = await relay.agent.submit(sid, {
      tool_call_id: 'wipe-dist',
      tool: 'Bash',
      input: { command: 'rm -rf dist' },
    });
    expect(wipe).toMatchObject({ outcome: 'allow', decision: { source: 'full_access' } });

    const popup = await openPopup(extension);
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();

    const timeline = session.locator('[data-testid="timeline"]');
    const entry = timeline.locator('[data-testid="timeline-entry"][data-tool-call-id="wipe-dist"]');
    await entry.waitFor({ timeout: 10_000 });
    expect(await hookText(entry, 'tool')).toBe('Bash');
    const badge = entry.locator('[data-testid="badge"]');
    expect(await badge.textContent()).toBe('Full Access · Not reviewed');
    expect(await badge.getAttribute('data-color')).toBe('violet');

    // Newest first; the read has no badge.
    const ids = await timeline
      .locator('[data-testid="timeline-entry"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-tool-call-id')));
    expect(ids).toEqual(['wipe-dist', 'read-1']);
    const readEntry = timeline.locator('[data-testid="timeline-entry"][data-tool-call-id="read-1"]');
    expect(await readEntry.locator('[data-testid="badge"]').count()).toBe(0);

    // The declared modes, the current one selected, descriptions as titles.
    const mode = session.locator('select[data-testid="mode"]');
    expect(await mode.inputValue()).toBe('bypassPermissions');
    const options = await mode
      .locator('option')
      .evaluateAll((items) =>
        items.map((item) => [item.getAttribute('value'), item.textContent, item.getAttribute('title')]),
      );
    expect(options).toEqual([
      ['default', 'Ask before edits', 'Asks for anything that is not a read'],
      ['bypassPermissions', 'Full Access', 'Never asks'],
    ]);

    await entry.click();
    await expectDecisionRows(entry, wipe.decision);
    const rows = await entry
      .locator('dd[data-row]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-row')));
    expect(rows).not.toContain('Reviewer');
    expect(rows).not.toContain('Confidence');
    await popupScreenshot(popup, 'timeline-full-access');
    await popup.close();
  });

  it('switching the mode in the popup applies to the next call', async () => {
    const sid = 'yolo-run';
    const popup = await extension.open('popup.html');
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    await session.locator('select[data-testid="mode"]').selectOption('default');
    await expect
      .poll(async () => (await relay.approver.getSession(sid)).mode, { timeout: 10_000 })
      .toBe('default');
    expect(await session.locator('[data-testid="mode-error"]').count()).toBe(0);
    const next = await relay.agent.submit(sid, {
      tool_call_id: 'wipe-again',
      tool: 'Bash',
      input: { command: 'rm -rf dist' },
      wait: 0,
    });
    expect(next.outcome).toBe('pending');
    await relay.agent.cancel(sid, 'wipe-again');
    await popup.close();
  });
});
