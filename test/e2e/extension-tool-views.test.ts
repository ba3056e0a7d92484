import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, hookText, type PendingAsk, requestCard } from '../support/extension-cards.ts';
import { actionBarOverlaps, scrollPositions, scrollTo } from '../support/extension-geometry.ts';
import { openPairedApp } from '../support/extension-pairing.ts';
import { popupScreenshot, screenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';

// Every tool's call as the approver reads it — the change it makes, not its JSON — with the
// text compared exactly, in the popup and in /app at 390×844; and, with all of them waiting at
// once, the proof by geometry that no card's actions lie over any card's title, tool line or
// command at any scroll position.

let relay: TestRelay;
let extension: ExtensionBrowser;
const asks = new Map<string, PendingAsk>();

const writeContent = Array.from({ length: 12 }, (_, i) => `line ${i + 1} of the notes`).join('\n');
const bashCommand = `curl -s -H "Accept: application/json" 'https://api.example.com/v1/items?q=a b' \\\n  | jq '.items[] | {id, name}' > items.json`;

/** One session per tool, each asked by a rule so the view, not the policy, is under test. */
const calls: { sid: string; tool: string; input: Record<string, unknown> }[] = [
  {
    sid: 'view-edit',
    tool: 'Edit',
    input: {
      file_path: 'src/config.ts',
      old_string: "export const port = 8080;\nexport const host = 'localhost';",
      new_string: "export const port = 9090;\nexport const host = 'localhost';\nexport const tls = true;",
    },
  },
  {
    sid: 'view-multiedit',
    tool: 'MultiEdit',
    input: {
      file_path: 'README.md',
      edits: [
        { old_string: '# Title', new_string: '# Better title' },
        { old_string: 'old', new_string: 'new', replace_all: true },
      ],
    },
  },
  { sid: 'view-write', tool: 'Write', input: { file_path: 'notes/todo.md', content: writeContent } },
  {
    sid: 'view-notebook',
    tool: 'NotebookEdit',
    input: {
      notebook_path: 'analysis.ipynb',
      cell_id: 'cell-7',
      edit_mode: 'insert',
      new_source: 'df.describe()',
    },
  },
  { sid: 'view-bash', tool: 'Bash', input: { command: bashCommand, description: 'Fetch the items' } },
  {
    sid: 'view-fetch',
    tool: 'WebFetch',
    input: { url: 'https://docs.python.org/3/library/json.html', prompt: 'How do I pretty-print?' },
  },
  { sid: 'view-search', tool: 'WebSearch', input: { query: 'vitest browser mode' } },
  {
    sid: 'view-mcp',
    tool: 'mcp__github__create_issue',
    input: { repo: 'acme/site', title: 'Broken link', labels: ['bug', 'docs'] },
  },
  { sid: 'view-other', tool: 'Deploy', input: { target: 'staging', replicas: 2 } },
];

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
  for (const { sid, tool, input } of calls) {
    await relay.agent.declareSession(sid, {
      title: `View ${tool}`,
      agent: 'e2e agent',
      mode: 'default',
      permissions: { rules: [{ tool, permission: 'ask' }] },
    });
    asks.set(sid, await askAndWait(relay.agent, sid, { tool_call_id: `${sid}-call`, tool, input }));
  }
}, 120_000);

afterAll(async () => {
  for (const { sid } of calls) await relay?.agent.cancel(sid, `${sid}-call`).catch(() => {});
  await stopPairedExtension({ relay, extension });
});

const texts = (scope: Locator, testId: string) =>
  scope.locator(`[data-testid="${testId}"]`).evaluateAll((items) => items.map((item) => item.textContent));

/** Each tool's view, compared exactly. */
async function expectViews(page: Page): Promise<void> {
  const card = (sid: string) => requestCard(page, sid);
  for (const { sid } of calls) await card(sid).waitFor({ timeout: 15_000 });

  const edit = card('view-edit');
  expect(await edit.locator('[data-testid="arguments"]').getAttribute('data-kind')).toBe('diff');
  expect(await hookText(edit, 'path')).toBe('src/config.ts');
  const diff = await edit
    .locator('[data-testid="diff-line"]')
    .evaluateAll((lines) =>
      lines.map(
        (line) =>
          `${line.getAttribute('data-op')}:${line.querySelector('[data-testid="diff-text"]')!.textContent}`,
      ),
    );
  expect(diff).toEqual([
    'remove:export const port = 8080;',
    'add:export const port = 9090;',
    "same:export const host = 'localhost';",
    'add:export const tls = true;',
  ]);
  expect(await hookText(edit, 'arguments')).not.toContain('old_string');

  const multi = card('view-multiedit');
  expect(await texts(multi, 'hunk')).toHaveLength(2);
  expect(
    await multi.locator('.hunk-title').evaluateAll((items) => items.map((item) => item.textContent)),
  ).toEqual(['Edit 1 of 2', 'Edit 2 of 2 · replaces every occurrence']);
  expect(await texts(multi, 'diff-text')).toEqual(['# Title', '# Better title', 'old', 'new']);

  const write = card('view-write');
  expect(await write.locator('.view-head').textContent()).toBe('Writes notes/todo.md');
  // Collapsed: the first six lines, then "…".
  expect(await hookText(write, 'first-lines')).toBe(`${writeContent.split('\n').slice(0, 6).join('\n')}…`);
  expect(await hookText(write, 'more-lines')).toBe('12 lines in all · Details shows them');

  const notebook = card('view-notebook');
  expect(await hookText(notebook, 'path')).toBe('analysis.ipynb');
  expect(await texts(notebook, 'entry-key')).toEqual(['Cell', 'Edit mode']);
  expect(await texts(notebook, 'entry-value')).toEqual(['cell-7', 'insert']);
  expect(await hookText(notebook, 'first-lines')).toBe('df.describe()');

  const bash = card('view-bash');
  // The command as it would run: its own quotes, backslash and newline; no JSON around it.
  expect(await hookText(bash, 'command')).toBe(bashCommand);
  expect(await hookText(bash, 'description')).toBe('Fetch the items');
  expect(await hookText(bash, 'arguments')).not.toContain('"command"');

  const fetch = card('view-fetch');
  expect(await hookText(fetch, 'domain')).toBe('docs.python.org');
  expect(await hookText(fetch, 'url')).toBe('https://docs.python.org/3/library/json.html');
  expect(await hookText(fetch, 'prompt')).toBe('How do I pretty-print?');

  expect(await hookText(card('view-search'), 'query')).toBe('vitest browser mode');

  const mcp = card('view-mcp');
  expect(await hookText(mcp, 'mcp-name')).toBe('github · create_issue');
  expect(await texts(mcp, 'entry-key')).toEqual(['repo', 'title', 'labels']);
  expect(await texts(mcp, 'entry-value')).toEqual(['acme/site', 'Broken link', '[\n  "bug",\n  "docs"\n]']);

  expect(await hookText(card('view-other'), 'json')).toBe(
    JSON.stringify({ target: 'staging', replicas: 2 }, null, 2),
  );

  // Every card says why it asks: the decision's reason, word for word.
  for (const { sid } of calls)
    expect(await hookText(card(sid), 'reason'), sid).toBe(asks.get(sid)!.submitted.decision.reason);
}

/** No action bar over any card's head, tool line, badge or command, at each of `steps` positions. */
async function expectNoOverlap(page: Page, steps: number): Promise<void> {
  const positions = await scrollPositions(page, steps);
  expect(positions.at(-1), 'the page must scroll for this check to mean anything').toBeGreaterThan(200);
  for (const top of positions) {
    await scrollTo(page, top);
    expect(await actionBarOverlaps(page), `scrolled to ${top}`).toEqual([]);
  }
  await scrollTo(page, 0);
}

describe('the call’s view, by tool', () => {
  it('in the popup: each tool’s text exactly; no actions over any card at any scroll position', async () => {
    const popup = await openPopup(extension);
    await expectViews(popup);
    await expectNoOverlap(popup, 12);
    // Expanded cards are longer: check again with every card opened.
    for (const { sid } of calls) await requestCard(popup, sid).locator('[data-testid="expand"]').click();
    const write = requestCard(popup, 'view-write');
    expect(await hookText(write, 'first-lines')).toBe(writeContent);
    await expectNoOverlap(popup, 16);
    for (const { sid } of calls) await requestCard(popup, sid).locator('[data-testid="expand"]').click();

    // The check finds an overlap when there is one: the old sticky bar, put back for a moment.
    await popup.addStyleTag({
      content: '.card-foot { position: sticky; bottom: 0; background: var(--bg); }',
    });
    const found: number[] = [];
    for (const top of await scrollPositions(popup, 12)) {
      await scrollTo(popup, top);
      found.push((await actionBarOverlaps(popup)).length);
    }
    expect(Math.max(...found)).toBeGreaterThan(0);
    await popup.reload();
    await requestCard(popup, 'view-edit').waitFor({ timeout: 15_000 });
    await requestCard(popup, 'view-edit').evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await popupScreenshot(popup, 'popup-diff');
    await popup.close();
  }, 120_000);

  it('in /app at 390×844: the same views, and no overlap while scrolling', async () => {
    const app = await openPairedApp(extension.context, relay.url, relay.admin);
    await app.setViewportSize({ width: 390, height: 844 });
    await expectViews(app);
    expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoOverlap(app, 14);
    await requestCard(app, 'view-bash').scrollIntoViewIfNeeded();
    await screenshot(app, 'app-mobile-command');
    await app.close();
  }, 120_000);
});
