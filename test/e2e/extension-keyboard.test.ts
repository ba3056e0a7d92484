import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// The popup's keyboard shortcuts act on the focused (else the first, most urgent) card:
// `a` approve once, `s` for this session, `d` deny (opens the comment), Enter confirms, Escape
// cancels, `e` expands, `j` moves to the next card. Letters typed into the comment are text, never shortcuts.

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

describe('keyboard shortcuts in the popup', () => {
  it('e expands, d opens the comment, Escape cancels, d + text + Enter denies with it; a approves once', async () => {
    // Critical first (most urgent), then medium.
    await relay.agent.declareSession('kb-critical', { title: 'Critical', agent: 'e2e', mode: 'default' });
    const critical = await askAndWait(relay.agent, 'kb-critical', {
      tool_call_id: 'force',
      tool: 'Bash',
      input: { command: 'git push --force origin main' },
    });
    await relay.agent.declareSession('kb-medium', { title: 'Medium', agent: 'e2e', mode: 'default' });
    const medium = await askAndWait(relay.agent, 'kb-medium', {
      tool_call_id: 'install',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    expect(critical.submitted.decision.risk).toBe('critical');
    expect(medium.submitted.decision.risk).toBe('medium');

    const popup = await openPopup(extension);
    const first = popup.locator('[data-testid="request"]').first();
    await first.waitFor({ timeout: 10_000 });
    expect(await first.getAttribute('data-session-id')).toBe('kb-critical');
    expect(await popup.locator('[data-testid="shortcuts"]').count()).toBe(1);

    await popup.keyboard.press('e');
    await first.locator('[data-testid="decision"]').waitFor();
    await popup.keyboard.press('e');
    await expect.poll(() => first.locator('[data-testid="decision"]').count()).toBe(0);

    await popup.keyboard.press('d');
    const comment = first.locator('[data-testid="deny-comment"]');
    await comment.waitFor();
    // The comment takes focus as it opens (after its first paint): Escape there cancels.
    const focused = () => comment.evaluate((field) => field === document.activeElement);
    await expect.poll(focused).toBe(true);
    await popup.keyboard.press('Escape');
    await expect.poll(() => comment.count()).toBe(0);

    await popup.keyboard.press('d');
    await comment.waitFor();
    await expect.poll(focused).toBe(true);
    // Every shortcut letter inside the text: none of them may act.
    await popup.keyboard.type('ask dave: use a safe branch');
    await popup.keyboard.press('Enter');
    expect(await critical.answer).toMatchObject({
      outcome: 'deny',
      resolution: { actionId: 'deny', comment: 'ask dave: use a safe branch' },
    });

    // The answered card stays a moment, folded to "Sent · Denied"; j moves on to the next one.
    await popup.keyboard.press('j');
    await expect
      .poll(() => popup.evaluate(() => document.activeElement?.getAttribute('data-session-id')))
      .toBe('kb-medium');
    await popup.keyboard.press('a');
    expect(await medium.answer).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    await popup.close();
  });

  it('s opens the session grant, its confirm click gives it: the next identical call is allowed without asking', async () => {
    const sid = 'kb-session';
    await relay.agent.declareSession(sid, { title: 'Session grant', agent: 'e2e', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'lint-1',
      tool: 'Bash',
      input: { command: 'npx eslint --fix src' },
    });
    const popup = await extension.open('popup.html');
    // Focus this card (a click inside it), so the shortcut acts on it whatever else is shown.
    await requestCard(popup, sid).locator('[data-testid="session-title"]').click();
    await popup.keyboard.press('s');
    // A single key never gives more than once: it opens the confirm step, which a click settles.
    const confirm = requestCard(popup, sid).locator('[data-action="confirm"]');
    await confirm.waitFor();
    expect((await relay.agent.getToolCall(sid, 'lint-1')).outcome).toBe('pending');
    await confirm.click();
    expect(await ask.answer).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_session', scope: 'session' },
    });
    const again = await relay.agent.submit(sid, {
      tool_call_id: 'lint-2',
      tool: 'Bash',
      input: { command: 'npx eslint --fix src' },
      wait: 0,
    });
    expect(again.outcome).toBe('allow');
    await popup.close();
  });
});
