import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairWithRelay } from '../../client/sdk/index.ts';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { fillPairingForm, pairExtension, pairingCode, sitePattern } from '../support/extension-pairing.ts';
import { closedPort, startRelay, type TestRelay } from './client-relay.ts';

// Pairing through the built extension's options page in Chromium, against the real relay.
//
// Host permission: the options page asks for the relay's origin with `permissions.request`,
// whose browser dialog nothing under automation can answer (headless Chromium leaves it pending).
// The tests grant the site first the way a user can on chrome://extensions (Site access), after
// which the page's own request resolves true without a dialog — see `grantSiteAccess`.

let relay: TestRelay;
let extension: ExtensionBrowser;
let notARelay: Server;
let notARelayUrl: string;

beforeAll(async () => {
  relay = await startRelay();
  extension = await launchExtension();
  // Answers every request with a plain HTML page: an address that works but is no relay.
  notARelay = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
  });
  await new Promise<void>((done) => notARelay.listen(0, '127.0.0.1', done));
  const address = notARelay.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  notARelayUrl = `http://127.0.0.1:${address.port}`;
  await extension.grantSiteAccess(sitePattern(relay.url));
});

afterAll(async () => {
  await extension?.close();
  await relay?.stop();
  notARelay?.close();
});

const errorOf = async (page: Awaited<ReturnType<typeof fillPairingForm>>) => {
  const status = page.locator('[data-testid="pair-status"][data-state="error"]');
  await status.waitFor({ timeout: 15_000 });
  return (await status.textContent()) ?? '';
};

describe('pairing through the options page', () => {
  it.each([
    ['not a URL at all', 'not a url'],
    ['not http(s)', 'ftp://127.0.0.1:8787'],
  ])('an invalid URL (%s) is named before anything is sent', async (_, url) => {
    const page = await fillPairingForm(extension, url, 'AB12CD34');
    expect(await errorOf(page)).toMatch(/invalid.*url/i);
    expect(await page.locator('[data-testid="paired"]').count()).toBe(0);
    await page.close();
  });

  it('a relay that does not answer is named unreachable', async () => {
    const page = await fillPairingForm(extension, `http://127.0.0.1:${await closedPort()}`, 'AB12CD34');
    expect(await errorOf(page)).toMatch(/unreachable/i);
    await page.close();
  });

  it('an address that answers, but not as a Gatehouse relay, is named so', async () => {
    const page = await fillPairingForm(extension, notARelayUrl, 'AB12CD34');
    expect(await errorOf(page)).toMatch(/not a gatehouse relay/i);
    await page.close();
  });

  it('an unknown code is named unknown', async () => {
    const page = await fillPairingForm(extension, relay.url, 'ZZZZ9999');
    expect(await errorOf(page)).toMatch(/unknown/i);
    await page.close();
  });

  it('a code already used elsewhere is named used or expired', async () => {
    const code = await pairingCode(relay.admin);
    expect(await pairWithRelay({ url: relay.url, code })).toMatchObject({ workspaceId: 'default' });
    const page = await fillPairingForm(extension, relay.url, code);
    expect(await errorOf(page)).toMatch(/already used|expired/i);
    expect(await page.locator('[data-testid="paired"]').count()).toBe(0);
    await page.close();
  });

  it('URL and code typed, Pair clicked → paired, showing the relay and the workspace', async () => {
    const page = await pairExtension(extension, relay.url, relay.admin);
    const paired = (await page.locator('[data-testid="paired"]').textContent()) ?? '';
    expect(paired).toContain(relay.url);
    expect(paired).toContain('default');
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('');
    await page.close();
  });

  it('a whole …/app#pair= link in the code field fills the URL too', async () => {
    const page = await extension.open('options.html');
    if ((await page.locator('#unpair').count()) > 0) await page.locator('#unpair').click();
    await page.locator('#relay-url').fill('');
    await page.locator('#pair-code').fill(`${relay.url}/app#pair=${await pairingCode(relay.admin)}`);
    await page.locator('#pair').click();
    await page.locator('[data-testid="paired"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="paired"]').textContent()).toContain(relay.url);
    await page.close();
  });
});
