import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { root } from './local-relay.ts';

/**
 * The approver's screenshots in docs/screenshots, taken by the end-to-end tests from real runs —
 * only when GATEHOUSE_SCREENSHOTS=1, so an ordinary test run (or CI) never rewrites them.
 */

export const screenshotsWanted = process.env.GATEHOUSE_SCREENSHOTS === '1';
export const screenshotDir = join(root, 'docs/screenshots');

/** Saves `docs/screenshots/<name>.png` of a page (its viewport) or of one element. */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await mkdir(screenshotDir, { recursive: true });
  await target.screenshot({ path: join(screenshotDir, `${name}.png`), animations: 'disabled' });
}
