import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLabel } from '../../extension/lib/device-label.ts';
import type { ExtensionBrowser } from '../support/chromium.ts';
import { askAndWait, hookText, requestCard } from '../support/extension-cards.ts';
import { openPairedApp } from '../support/extension-pairing.ts';
import { popupScreenshot, screenshot } from '../support/extension-screenshots.ts';
import { openPopup, startPairedExtension, stopPairedExtension } from '../support/paired-extension.ts';
import type { TestRelay } from './client-relay.ts';
import { adminToken } from './client-relay.ts';

// An agent that declares a looser mode than it may take runs without it (DESIGN §5 "Layering");
// the built extension shows what was asked beside the session and its question, and one action
// grants it for that session — Full Access only after a confirm click. The grant is the
// approver's mode change, named by the label the extension paired with.

let relay: TestRelay;
let extension: ExtensionBrowser;
/** What the extension called itself when it paired ("Chrome on Linux"). */
let label: string;

beforeAll(async () => {
  ({ relay, extension } = await startPairedExtension());
  const worker = await extension.worker();
  label = deviceLabel({ userAgent: await worker.evaluate(() => navigator.userAgent) });
});
afterAll(() => stopPairedExtension({ relay, extension }));

const cwd = '/home/dev/project';
const edit = (id: string) => ({
  tool_call_id: id,
  tool: 'Edit',
  cwd,
  input: { file_path: `${cwd}/src/app.ts`, old_string: 'const a = 1;', new_string: 'const a = 2;' },
});

/** The workspace's permissions as an admin sets them (PUT /permissions). */
async function setWorkspacePermissions(permissions: unknown): Promise<void> {
  const response = await fetch(`${relay.url}/api/v1/permissions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(permissions),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function openSession(popup: Page, sid: string): Promise<Locator> {
  const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
  await session.waitFor({ timeout: 10_000 });
  if ((await session.locator('[data-testid="session-toggle"]').getAttribute('aria-expanded')) !== 'true')
    await session.locator('[data-testid="session-toggle"]').click();
  return session;
}

describe('what an agent asked for, granted from the popup', () => {
  it('accept_edits without the workspace’s grant: shown as not applied; one click grants it; the next edit is allowed', async () => {
    const sid = 'wants-accept-edits';
    const declared = await relay.agent.declareSession(sid, {
      title: 'Refactor',
      agent: 'e2e agent',
      mode: 'accept_edits',
    });
    expect(declared).toMatchObject({ engineMode: 'default', requested: { engineMode: 'accept_edits' } });
    const ask = await askAndWait(relay.agent, sid, edit('edit-1'));

    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    const line = card.locator('[data-testid="requested"]');
    expect(await hookText(line, 'requested-label')).toBe(declared.requested!.label);
    expect(await hookText(line, 'requested-label')).toMatch(/: not applied$/);
    expect(await line.locator('[data-testid="requested-permissions"]').count()).toBe(0);
    // The session list says it too, before anything is opened.
    const session = popup.locator(`[data-testid="session"][data-session-id="${sid}"]`);
    await session.locator('[data-testid="requested"]').waitFor({ timeout: 10_000 });
    await popupScreenshot(popup, 'requested-card');

    // Accept edits is not Full Access and brings no permission: granted in one click.
    await line.locator('[data-action="grant-requested"]').click();
    await expect
      .poll(async () => (await relay.approver.getSession(sid)).engineMode, { timeout: 10_000 })
      .toBe('accept_edits');
    await line.waitFor({ state: 'detached', timeout: 10_000 });
    await session.locator('[data-testid="requested"]').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await card.locator('[data-testid="grant-confirm"]').count()).toBe(0);
    const detail = await relay.approver.getSession(sid);
    expect(detail).toMatchObject({
      requested: null,
      modeSetBy: 'approver',
      modeActor: { label, role: 'approver' },
    });

    // The question asked before the grant is still the person's to answer.
    await card.locator('[data-action="allow_once"]').click();
    expect(await ask.answer).toMatchObject({ outcome: 'allow' });
    const next = await relay.agent.submit(sid, edit('edit-2'));
    expect(next).toMatchObject({ outcome: 'allow', decision: { reasonCode: 'mode_accept_edits' } });

    // The mode selector shows the new mode and who chose it; the timeline the change, by this browser.
    const opened = await openSession(popup, sid);
    await expect.poll(() => hookText(opened, 'mode-current'), { timeout: 10_000 }).toBe('Accept edits');
    expect(await hookText(opened, 'mode-set-by')).toBe(`set by ${label}`);
    const change = opened.locator('[data-testid="mode-change"][data-engine-mode="accept_edits"]');
    await change.waitFor({ timeout: 10_000 });
    expect(await hookText(change, 'mode-change-text')).toBe(`Mode: Default → Accept edits · by ${label}`);
    await popupScreenshot(popup, 'requested-granted');
    await popup.close();
  });

  it('bypass asks to be sure; a refused grant says why and changes nothing; confirmed, the next call runs in Full Access', async () => {
    const sid = 'wants-bypass';
    const declared = await relay.agent.declareSession(sid, {
      title: 'Unattended',
      agent: 'e2e agent',
      mode: 'bypass',
      permissions: { tools: { Bash: 'allow' } },
    });
    expect(declared).toMatchObject({
      engineMode: 'default',
      requested: { engineMode: 'bypass', permissions: ['tools.Bash: allow'] },
    });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'wipe',
      tool: 'Bash',
      input: { command: 'rm -rf build' },
    });

    const popup = await openPopup(extension);
    const card = requestCard(popup, sid);
    await card.waitFor({ timeout: 10_000 });
    const line = card.locator('[data-testid="requested"]');
    expect(await hookText(line, 'requested-label')).toMatch(/: not applied/);
    expect(
      await line
        .locator('[data-testid="requested-permissions"] li')
        .evaluateAll((items) => items.map((item) => item.textContent)),
    ).toEqual(['tools.Bash: allow']);

    // The first click only asks; Cancel leaves everything as it was.
    await line.locator('[data-action="grant-requested"]').click();
    const confirm = line.locator('[data-testid="grant-confirm"]');
    await confirm.waitFor();
    expect(await hookText(confirm, 'confirm-question')).toMatch(
      /^Full Access runs every call of this session without review/,
    );
    expect(await hookText(confirm, 'confirm-question')).toContain('tools.Bash: allow');
    expect(await confirm.locator('[data-action="confirm"]').textContent()).toBe(
      'Grant Full Access and its permission for this session',
    );
    await popupScreenshot(popup, 'requested-confirm');
    await confirm.locator('[data-action="confirm-cancel"]').click();
    expect(await confirm.count()).toBe(0);
    expect((await relay.approver.getSession(sid)).engineMode).toBe('default');

    // The workspace takes Full Access away meanwhile: the grant is refused, plainly, and nothing moves.
    await setWorkspacePermissions({ allowedModes: ['default', 'plan', 'accept_edits'] });
    try {
      await line.locator('[data-action="grant-requested"]').click();
      await line.locator('[data-testid="grant-confirm"] [data-action="confirm"]').click();
      const error = line.locator('[data-testid="grant-error"]');
      await error.waitFor({ timeout: 10_000 });
      expect(await error.textContent()).toMatch(/^Not granted: .*not allowed/);
      const after = await relay.approver.getSession(sid);
      expect(after).toMatchObject({ engineMode: 'default', requested: { engineMode: 'bypass' } });
      expect(await line.count()).toBe(1);
    } finally {
      await setWorkspacePermissions({});
    }

    await line.locator('[data-action="grant-requested"]').click();
    await line.locator('[data-testid="grant-confirm"] [data-action="confirm"]').click();
    await expect
      .poll(async () => (await relay.approver.getSession(sid)).engineMode, { timeout: 10_000 })
      .toBe('bypass');
    await line.waitFor({ state: 'detached', timeout: 10_000 });
    await card.locator('[data-action="deny"]').click();
    await card.locator('[data-action="deny-confirm"]').click();
    expect((await ask.answer).outcome).toBe('deny');
    // The session's own permission applies now (a rule), and Full Access covers the rest.
    const again = await relay.agent.submit(sid, {
      tool_call_id: 'wipe-again',
      tool: 'Bash',
      input: { command: 'rm -rf build' },
    });
    expect(again).toMatchObject({ outcome: 'allow', decision: { source: 'rule' } });
    const fetched = await relay.agent.submit(sid, {
      tool_call_id: 'fetch',
      tool: 'WebFetch',
      input: { url: 'https://example.com/', prompt: 'summarise' },
    });
    expect(fetched).toMatchObject({ outcome: 'allow', decision: { source: 'full_access' } });

    const session = await openSession(popup, sid);
    const change = session.locator('[data-testid="mode-change"][data-engine-mode="bypass"]');
    await change.waitFor({ timeout: 10_000 });
    expect(await hookText(change, 'mode-change-text')).toBe(`Mode: Default → Full Access · by ${label}`);
    expect(await hookText(session, 'mode-set-by')).toBe(`set by ${label}`);
    await popup.close();
  });
});

describe('/app on a phone', () => {
  it('at 390×844 the card shows the requested line, within the width', async () => {
    const sid = 'phone-wants-accept-edits';
    await relay.agent.declareSession(sid, {
      title: 'Phone refactor',
      agent: 'e2e agent',
      mode: 'acceptEdits',
    });
    const ask = await askAndWait(relay.agent, sid, edit('phone-edit'));
    const page = await openPairedApp(extension.context, relay.url, relay.admin);
    await page.setViewportSize({ width: 390, height: 844 });
    const card = requestCard(page, sid);
    await card.waitFor({ timeout: 10_000 });
    const line = card.locator('[data-testid="requested"]');
    expect(await hookText(line, 'requested-label')).toMatch(/acceptEdits: not applied$/);
    expect(await line.locator('[data-action="grant-requested"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'app-requested');
    await relay.agent.cancel(sid, ask.submitted.toolCallId);
    await page.close();
  });
});
