import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/sdk/index.ts';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { pairExtension } from '../support/extension-pairing.ts';
import { FakeTelegram } from '../support/fake-telegram.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// The built extension's options page in Chromium links a chat account (docs/chat.md "Linking"):
// it makes a code through the background, sees it taken by a Telegram /start (the fake Bot API
// delivers it to the relay's webhook under wrangler), lists the link and unlinks it; a relay
// refusal is shown in the relay's own words.

const adminToken = 'e2e-ext-chat-admin-token-0123456789';
const botToken = '333:AAe2e-ext-chat-bot';
const secret = 'e2e-ext-chat-webhook-secret';

let fake: FakeTelegram;
let fakeServer: { url: string; close: () => Promise<void> };
let relay: LocalRelay;
let persist: string;
let extension: ExtensionBrowser;
let options: Page;

beforeAll(async () => {
  fake = new FakeTelegram(botToken);
  fakeServer = await fake.listen();
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/ext-chat-'));
  relay = await startLocalRelay({
    adminToken,
    persist,
    quiet: true,
    vars: { TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_WEBHOOK_SECRET: secret, TELEGRAM_API_URL: fakeServer.url },
  });
  fake.webhook = { url: `${relay.url.origin}/integrations/telegram`, secret };
  extension = await launchExtension();
}, 120_000);

afterAll(async () => {
  await extension?.close();
  await relay?.dispose();
  await fakeServer?.close();
  if (persist) await rm(persist, { recursive: true, force: true });
});

const url = () => relay.url.origin;
const links = () => options.locator('[data-testid="chat-links"] li');
const status = (text: string) => options.getByRole('status').filter({ hasText: text });

/** Makes a code on the options page and sends it to the bot as `user`; waits for "Linked". */
async function linkFromOptions(user: number): Promise<string> {
  await options.locator('#chat-link').click();
  const shown = await options.locator('[data-testid="chat-link-code"]').textContent({ timeout: 10_000 });
  const code = /\/start (\S+)/.exec(shown ?? '')?.[1];
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  expect(shown).toContain(`/gatehouse link ${code}`);
  expect((await fake.deliver(fake.message(user, `/start ${code}`))).status).toBe(200);
  await status(`Linked: Telegram user ${user}`).waitFor({ timeout: 15_000 });
  return code!;
}

async function relayLinks(): Promise<{ id: string; userId: string }[]> {
  const response = await fetch(`${url()}/api/v1/chat/links`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await response.json()) as { links: { id: string; userId: string }[] }).links;
}

describe('the options page links a chat account', () => {
  it('shows the panel only once paired', async () => {
    const unpaired = await extension.open('options.html');
    await unpaired.locator('#pair').waitFor();
    expect(await unpaired.locator('[data-testid="chat-controls"]').count()).toBe(0);
    await unpaired.close();
    options = await pairExtension(extension, url(), createClient({ url: url(), token: adminToken }));
    await options.locator('[data-testid="chat-controls"]').waitFor({ timeout: 10_000 });
  });

  it('makes a code, shows it taken by /start, lists the link and unlinks it', async () => {
    await linkFromOptions(777_101);
    await expect.poll(() => links().count()).toBe(1);
    expect(await links().first().textContent()).toContain('Telegram user 777101');
    expect(fake.messagesIn(777_101)[0]!.text).toContain('Linked');
    expect((await relayLinks()).map((link) => link.userId)).toEqual(['777101']);

    await links().first().locator('button').click();
    await status('Unlinked Telegram user 777101').waitFor({ timeout: 10_000 });
    await expect.poll(() => links().count()).toBe(0);
    expect(await relayLinks()).toEqual([]);
  });

  it('a relay refusal is shown in the relay’s words: a link removed elsewhere cannot be unlinked twice', async () => {
    await linkFromOptions(777_102);
    await expect.poll(() => links().count()).toBe(1);
    const [listed] = await relayLinks();
    const removed = await fetch(`${url()}/api/v1/chat/links/${listed!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(removed.status).toBe(204);
    await links().first().locator('button').click();
    await status('Not unlinked: no such chat link').waitFor({ timeout: 10_000 });
    await expect.poll(() => links().count()).toBe(0);
  });

  it('the page itself calls no chat route: the background does, with the token only it holds', async () => {
    const fromPage = await options.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/api/v1/')),
    );
    expect(fromPage).toEqual([]);
  });
});
