import type { BrowserContext, Page } from 'playwright-core';
import type { GatehouseClient } from '../../client/sdk/index.ts';
import { originPattern } from '../../extension/lib/pairing-input.ts';
import type { ExtensionBrowser } from './chromium.ts';

/**
 * Pairing the approver side with a relay the way a user does: the extension through its options
 * page (URL and code typed, Pair clicked), /app through the `#pair=CODE` link the QR code opens.
 */

/** A fresh single-use pairing code from the relay's admin API. */
export async function pairingCode(admin: GatehouseClient): Promise<string> {
  return (await admin.createPairingCode()).code;
}

/** `http://127.0.0.1:PORT` → `http://127.0.0.1/*`: the site a user grants on chrome://extensions (the pattern the extension itself requests). */
export const sitePattern = (relayUrl: string): string => originPattern(new URL(relayUrl).origin);

/** Types the relay URL and code into the options page and presses Pair; returns the page. */
export async function fillPairingForm(extension: ExtensionBrowser, relayUrl: string, code: string) {
  const options = await extension.open('options.html');
  await options.locator('#relay-url').fill(relayUrl);
  await options.locator('#pair-code').fill(code);
  await options.locator('#pair').click();
  return options;
}

/** Pairs the extension with the relay (site access granted first) and waits for "paired". */
export async function pairExtension(
  extension: ExtensionBrowser,
  relayUrl: string,
  admin: GatehouseClient,
): Promise<Page> {
  await extension.grantSiteAccess(sitePattern(relayUrl));
  const options = await fillPairingForm(extension, relayUrl, await pairingCode(admin));
  await options.locator('[data-testid="paired"]').waitFor({ timeout: 15_000 });
  return options;
}

/** Opens /app with a fresh pairing link and waits until it is live (nothing pending, or a request). */
export async function openPairedApp(
  context: BrowserContext,
  relayUrl: string,
  admin: GatehouseClient,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${relayUrl}/app#pair=${await pairingCode(admin)}`);
  await page
    .locator('[data-testid="state-empty"], [data-testid="request"]')
    .first()
    .waitFor({ timeout: 15_000 });
  return page;
}
