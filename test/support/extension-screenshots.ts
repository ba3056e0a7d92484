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

/**
 * Saves a screenshot of an extension popup opened as a page: its width, and its height cut to
 * the content (at most the viewport, which the tests set to the popup's 600 px limit), as the
 * toolbar popup would show it rather than a tab's empty lower half.
 */
export async function popupScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the popup page has no viewport');
  const contentHeight = await page.evaluate(
    () => Math.ceil(document.body.getBoundingClientRect().bottom) + 8,
  );
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({
    path: join(screenshotDir, `${name}.png`),
    animations: 'disabled',
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(viewport.height, contentHeight) },
  });
}
