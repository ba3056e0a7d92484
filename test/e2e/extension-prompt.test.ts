import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preToolUse from '../fixtures/claude/pre-tool-use-git-push.json' with { type: 'json' };
import userPromptSubmit from '../fixtures/claude/user-prompt-submit.json' with { type: 'json' };
import type { ExtensionBrowser } from '../support/chromium.ts';
import { hookText, requestCard } from '../support/extension-cards.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Every question shows the user's request it belongs to: Claude Code's
// UserPromptSubmit hook records it, the PreToolUse hook that asks carries it, and the built
// extension's card says "Asked for: …" — as plain text, and as the agent's report, since a
// hostile model could make it up. The session's timeline shows it as a row "Asked: …".

let relay: TestRelay;
let extension: ExtensionBrowser;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
});
afterAll(() => stopPairedExtension({ relay, extension }));

/** Posts one Claude Code hook event with the agent's token, as Claude Code's HTTP hook does. */
async function hook(event: string, body: unknown, query = ''): Promise<unknown> {
  const response = await fetch(`${relay.url}/api/v1/hooks/claude/${event}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${relay.agentToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

type HookAnswer = { hookSpecificOutput?: { permissionDecision?: string } };

/**
 * The agent wants to push in session `sid` (which asks); the hook is held while the card waits,
 * as Claude Code's HTTP hook is (with `?wait=0` the relay hands the question back and withdraws
 * it at once, so no card would stay to look at).
 */
function pushAsks(sid: string, promptId?: string): Promise<HookAnswer> {
  const held = hook(
    'pre-tool-use',
    {
      ...preToolUse,
      session_id: sid,
      ...(promptId === undefined ? {} : { prompt_id: promptId }),
      tool_use_id: `toolu_${sid}`,
    },
    '?wait=60',
  ) as Promise<HookAnswer>;
  // A test that fails before the answer must not leave an unhandled rejection behind.
  held.catch(() => {});
  return held;
}

/** The user asks `prompt` in session `sid` (Claude Code's UserPromptSubmit); then the agent pushes. */
async function askAfterPrompt(
  sid: string,
  prompt: string,
  promptId: string,
): Promise<{ held: Promise<HookAnswer> }> {
  expect(
    await hook('user-prompt-submit', { ...userPromptSubmit, session_id: sid, prompt_id: promptId, prompt }),
  ).toEqual({});
  // Wrapped, so awaiting the prompt's record does not await the held answer too.
  return { held: pushAsks(sid, promptId) };
}

/** Approves the card once; the held hook answers allow. */
async function approve(shown: Locator, held: Promise<HookAnswer>): Promise<void> {
  await shown.locator('[data-action="allow_once"]').click();
  expect((await held).hookSpecificOutput?.permissionDecision).toBe('allow');
}

async function card(popup: Page, sid: string): Promise<Locator> {
  const found = requestCard(popup, sid);
  await found.waitFor({ timeout: 15_000 });
  return found;
}

describe('the user’s request on the card', () => {
  it('shows "Asked for: <the prompt>" under the title, as the agent’s report', async () => {
    const sid = 'prompt-plain';
    const prompt = 'Push my branch so the review can start';
    const { held } = await askAfterPrompt(sid, prompt, 'p-plain');
    const popup = await openPopup(extension);
    const shown = await card(popup, sid);
    const askedFor = shown.locator('[data-testid="asked-for"]');
    await askedFor.waitFor();
    expect(await hookText(shown, 'prompt-text')).toBe(prompt);
    expect(await askedFor.locator('p').first().textContent()).toBe(`Asked for: ${prompt}`);
    expect(await hookText(shown, 'prompt-note')).toBe('as reported by the agent');
    // Under the title: after the card's head, before the tool.
    const order = await shown.evaluate((article) =>
      [...article.children].map((child) => child.getAttribute('data-testid')),
    );
    expect(order.indexOf('asked-for')).toBe(order.indexOf('card-head') + 1);
    expect(order.indexOf('asked-for')).toBeLessThan(order.indexOf('tool-line'));
    await approve(shown, held);
    await popup.close();
  });

  it('shows markup in the prompt as text, never as elements', async () => {
    const sid = 'prompt-markup';
    const prompt =
      'Make it <b>bold</b> <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const { held } = await askAfterPrompt(sid, prompt, 'p-markup');
    const popup = await openPopup(extension);
    const shown = await card(popup, sid);
    expect(await hookText(shown, 'prompt-text')).toBe(prompt);
    const askedFor = shown.locator('[data-testid="asked-for"]');
    // Give a parsed <img> time to fail its load and fire onerror.
    await popup.waitForTimeout(500);
    expect(await askedFor.locator('b, img, script').count()).toBe(0);
    expect(await popup.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await approve(shown, held);
    await popup.close();
  });

  it('folds a long prompt to its first lines until Details, and shows it in the timeline', async () => {
    const sid = 'prompt-long';
    const lines = ['First: fetch the branch', 'Second: rebase it', 'Third: run the tests', 'Fourth: push it'];
    const prompt = lines.join('\n');
    const { held } = await askAfterPrompt(sid, prompt, 'p-long');
    const popup = await openPopup(extension);
    const shown = await card(popup, sid);
    expect(await hookText(shown, 'prompt-text')).toBe(`${lines.slice(0, 3).join('\n')}…`);
    expect(await hookText(shown, 'prompt-note')).toBe('as reported by the agent · Details shows all');
    await shown.locator('[data-testid="expand"]').click();
    await expect.poll(() => hookText(shown, 'prompt-text')).toBe(prompt);
    expect(await hookText(shown, 'prompt-note')).toBe('as reported by the agent');

    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.waitFor({ timeout: 10_000 });
    await session.locator('[data-testid="session-toggle"]').click();
    const row = session.locator('[data-testid="user-prompt"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await hookText(row, 'user-prompt-text')).toBe('Asked: First: fetch the branch …');
    await approve(shown, held);
    await popup.close();
  });

  it('shows no line for a question without a request', async () => {
    const sid = 'prompt-none';
    const held = pushAsks(sid);
    const popup = await openPopup(extension);
    const shown = await card(popup, sid);
    await shown.locator('[data-testid="tool"]').waitFor();
    expect(await shown.locator('[data-testid="asked-for"]').count()).toBe(0);
    await approve(shown, held);
    await popup.close();
  });
});

describe("edit, then approve, through Claude Code's pre-tool-use hook", () => {
  it('the command edited in the popup is what the held hook answers as updatedInput', async () => {
    const sid = 'prompt-edit-hook';
    const held = pushAsks(sid) as Promise<{
      hookSpecificOutput?: { permissionDecision?: string; updatedInput?: Record<string, unknown> };
    }>;
    const popup = await openPopup(extension);
    const shown = await card(popup, sid);
    await shown.locator('[data-action="edit"]').click({ timeout: 10_000 });
    const field = shown.locator('[data-testid="edit-field"][data-field="command"]');
    const original = await field.inputValue();
    expect(original).toBe(preToolUse.tool_input.command);
    await field.fill('git push --dry-run origin main');
    await shown.locator('[data-action="edit-approve"]').click();
    const answer = (await held).hookSpecificOutput;
    expect(answer?.permissionDecision).toBe('allow');
    expect(answer?.updatedInput).toMatchObject({ command: 'git push --dry-run origin main' });
    expect(answer?.updatedInput?.command).not.toBe(original);
    await popup.close();
  });
});
