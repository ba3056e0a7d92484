import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/sdk/index.ts';
import { launchBrowser, type PlainBrowser } from '../support/chromium.ts';
import { pairingCode } from '../support/extension-pairing.ts';
import { FakeTelegram } from '../support/fake-telegram.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// /app in Chromium makes a chat link code, sees it taken by a Telegram /start (the fake Bot API
// delivers it to the relay's webhook under wrangler), and unlinks the account again.

const adminToken = 'e2e-app-chat-admin-token-0123456789';
const botToken = '222:AAe2e-app-chat-bot';
const secret = 'e2e-app-chat-webhook-secret';

let fake: FakeTelegram;
let fakeServer: { url: string; close: () => Promise<void> };
let relay: LocalRelay;
let persist: string;
let chromium: PlainBrowser;
let page: Page;

beforeAll(async () => {
  fake = new FakeTelegram(botToken);
  fakeServer = await fake.listen();
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/app-chat-'));
  relay = await startLocalRelay({
    adminToken,
    persist,
    quiet: true,
    vars: { TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_WEBHOOK_SECRET: secret, TELEGRAM_API_URL: fakeServer.url },
  });
  fake.webhook = { url: `${relay.url.origin}/integrations/telegram`, secret };
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await relay?.dispose();
  await fakeServer?.close();
  if (persist) await rm(persist, { recursive: true, force: true });
});

describe('/app links a chat account', () => {
  it('makes a code, shows it taken by /start, lists the link and unlinks it', async () => {
    const url = relay.url.origin;
    const admin = createClient({ url, token: adminToken });
    page = await (await chromium.newContext()).newPage();
    await page.goto(`${url}/app#pair=${await pairingCode(admin)}`);
    await page.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });

    await page.locator('#chat-link').click();
    const shown = await page.locator('[data-testid="chat-link-code"]').textContent({ timeout: 10_000 });
    const code = /\/start (\S+)/.exec(shown ?? '')?.[1];
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(shown).toContain(`/gatehouse link ${code}`);

    expect((await fake.deliver(fake.message(777_001, `/start ${code}`))).status).toBe(200);
    await page
      .getByRole('status')
      .filter({ hasText: 'Linked: Telegram user 777001' })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid="chat-links"] li').count()).toBe(1);
    expect(fake.messagesIn(777_001)[0]!.text).toContain('Linked');

    await page.locator('[data-testid="chat-links"] li button').click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Unlinked Telegram user 777001' })
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('[data-testid="chat-links"] li').count()).toBe(0);
    const links = await fetch(`${url}/api/v1/chat/links`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(((await links.json()) as { links: unknown[] }).links).toEqual([]);
  });
});
