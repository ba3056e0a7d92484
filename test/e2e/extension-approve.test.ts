import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeColors } from '../../extension/lib/badge.ts';
import { decisionBadge } from '../../shared/badges/index.ts';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, expectDecisionRows, hookText, requestCard } from '../support/extension-cards.ts';
import { popupScreenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// An agent asks; the extension's toolbar badge and a notification say so; the popup shows the
// request and why it was asked; Approve once lets the waiting agent through.
//
// The session runs in `auto` mode, chosen by the approver as a person would (an agent's own
// declaration of a looser mode is not applied, DESIGN §5 "Layering"), so the relay's reviewer
// (the heuristic one, gatehouse/heuristic-1, docs/risk-and-reviewer.md) is what asks:
// `rm -rf build` is medium risk → ask with medium confidence, category destructive — so
// evaluator, reviewer model and confidence all have something real to show. The two tests after
// it count the badge, so they fail too when this one leaves its question unanswered.

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

/** `#F9AB00` → [249, 171, 0, 255], as `chrome.action.getBadgeBackgroundColor` reports it. */
const rgba = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).concat(255);

describe('an ask, approved from the popup', () => {
  it('badge 1 and a notification → the card says why → Approve once → the agent is allowed', async () => {
    const sid = 'cleanup-build';
    await relay.agent.declareSession(sid, { title: 'Clean the build', agent: 'e2e agent' });
    expect(await relay.approver.selectMode(sid, 'auto')).toMatchObject({
      engineMode: 'auto',
      modeSetBy: 'approver',
    });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'rm-build',
      tool: 'Bash',
      input: { command: 'rm -rf build', description: 'Remove the old build output' },
      // Inside a known working directory: with none, `build` could be anywhere (rated high).
      cwd: '/home/dev/app',
    });
    const { decision, interaction } = ask.submitted;
    expect(decision).toMatchObject({
      behavior: 'ask',
      evaluator: 'auto_reviewer',
      confidence: 'medium',
      risk: 'medium',
    });

    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('1');
    // Coloured by the highest risk waiting: medium is amber.
    await expect.poll(() => extension.badgeColor()).toEqual(rgba(badgeColors.warning));
    await expect.poll(() => extension.notificationIds(), { timeout: 10_000 }).toHaveLength(1);

    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    expect(await card.getAttribute('data-interaction-id')).toBe(interaction!.interactionId);
    expect(await card.getAttribute('data-risk')).toBe('medium');
    expect(await hookText(card, 'session-title')).toBe('Clean the build');
    expect(await card.locator('[data-testid="queue-count"]').count()).toBe(0);
    expect(await hookText(card, 'tool')).toBe('Bash');

    const badge = decisionBadge(decision)!;
    const shownBadge = card.locator('[data-testid="badge"]').first();
    expect(await shownBadge.textContent()).toBe(badge.label); // "Review required · Medium"
    expect(await shownBadge.getAttribute('data-color')).toBe(badge.color);

    // Collapsed, one line says who asked and how sure it was.
    const summary = await hookText(card, 'summary');
    expect(summary).toContain('Auto reviewer');
    expect(summary).toMatch(/medium/i);
    expect(summary).toContain('gatehouse/heuristic-1');
    expect(summary).toContain('Destructive');
    // The command as it would run, not its JSON; the reason under the badge.
    expect(await hookText(card, 'command')).toBe('rm -rf build');
    expect(await hookText(card, 'description')).toBe('Remove the old build output');
    expect(await hookText(card, 'reason')).toBe(decision.reason);

    // Every action is reachable in the first viewport, collapsed.
    for (const action of ['allow_once', 'allow_session', 'allow_always', 'deny']) {
      const button = card.locator(`[data-action="${action}"]`);
      expect(await button.count(), action).toBe(1);
      const box = await button.boundingBox();
      expect(box, action).not.toBeNull();
      expect(box!.y + box!.height, action).toBeLessThanOrEqual(600);
    }
    await popupScreenshot(popup, 'popup-collapsed');

    // Expanded: the PERMISSION DECISION section, row by row, exactly as decisionSection() says.
    await card.locator('[data-testid="expand"]').click();
    expect(await card.locator('[data-testid="expand"]').getAttribute('aria-expanded')).toBe('true');
    await expectDecisionRows(card, decision);
    expect(await card.locator('dd[data-row="Reason"]').textContent()).toBe(decision.reason);
    // Expanded too, the answers show in the popup without scrolling.
    const approveBox = await card.locator('[data-action="allow_once"]').boundingBox();
    expect(approveBox!.y + approveBox!.height).toBeLessThanOrEqual(600);
    await popupScreenshot(popup, 'popup-expanded');

    await card.locator('[data-action="allow_once"]').click();
    const answer = await ask.answer;
    expect(answer).toMatchObject({
      outcome: 'allow',
      resolution: { source: 'user', actionId: 'allow_once', scope: 'once' },
    });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('');
    await expect.poll(() => extension.notificationIds(), { timeout: 10_000 }).toHaveLength(0);
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    await popup.close();
  });

  it('a notification-triggered request: popup.html?session=SID shows that session’s request', async () => {
    await relay.agent.declareSession('other-work', {
      title: 'Refactor',
      agent: 'e2e agent',
      mode: 'default',
    });
    const other = await askAndWait(relay.agent, 'other-work', {
      tool_call_id: 'fetch-deps',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const sid = 'deploy-preview';
    await relay.agent.declareSession(sid, { title: 'Deploy a preview', agent: 'e2e agent', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'push',
      tool: 'Bash',
      input: { command: 'git push origin feature/preview' },
    });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('2');
    // A high-risk push beside a medium one turns the badge red.
    await expect.poll(() => extension.badgeColor()).toEqual(rgba(badgeColors.danger));
    await expect.poll(() => extension.notificationIds(), { timeout: 10_000 }).toHaveLength(2);

    const popup = await openPopup(extension, `popup.html?session=${encodeURIComponent(sid)}`);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    expect(await hookText(card, 'tool')).toBe('Bash');
    expect(await hookText(card, 'arguments')).toContain('git push origin feature/preview');
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(600);
    await popupScreenshot(popup, 'notification-request');

    // Answer both, so the badge returns to nothing.
    await card.locator('[data-action="allow_once"]').click();
    expect(await ask.answer).toMatchObject({ outcome: 'allow' });
    await requestCard(popup, 'other-work').locator('[data-action="allow_once"]').click();
    expect(await other.answer).toMatchObject({ outcome: 'allow' });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('');
    await popup.close();
  });

  it('later questions of a session queue behind the active one: "+2 queued", then the next one', async () => {
    const sid = 'busy-session';
    await relay.agent.declareSession(sid, { title: 'Busy', agent: 'e2e agent', mode: 'default' });
    const asks = [];
    for (const [index, command] of ['npm install a', 'npm install b', 'npm install c'].entries())
      asks.push(
        await askAndWait(relay.agent, sid, { tool_call_id: `q${index}`, tool: 'Bash', input: { command } }),
      );
    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await expect
      .poll(() => card.getAttribute('data-interaction-id'), { timeout: 10_000 })
      .toBe(asks[0]!.submitted.interaction!.interactionId);
    expect(await hookText(card, 'queue-count')).toMatch(/\+2 queued/);
    expect(await extension.badgeText()).toBe('1');

    await card.locator('[data-action="allow_once"]').click();
    expect(await asks[0]!.answer).toMatchObject({ outcome: 'allow' });
    const next = popup.locator(
      `[data-testid="request"][data-interaction-id="${asks[1]!.submitted.interaction!.interactionId}"]`,
    );
    await next.waitFor({ timeout: 10_000 });
    expect(await hookText(next, 'queue-count')).toMatch(/\+1 queued/);
    expect(await hookText(next, 'arguments')).toContain('npm install b');
    await next.locator('[data-action="allow_once"]').click();
    expect(await asks[1]!.answer).toMatchObject({ outcome: 'allow' });
    const last = popup.locator(
      `[data-testid="request"][data-interaction-id="${asks[2]!.submitted.interaction!.interactionId}"]`,
    );
    await last.waitFor({ timeout: 10_000 });
    expect(await last.locator('[data-testid="queue-count"]').count()).toBe(0);
    await last.locator('[data-action="allow_once"]').click();
    expect(await asks[2]!.answer).toMatchObject({ outcome: 'allow' });
    await popup.close();
  });
});
