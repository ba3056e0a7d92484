import type { Page } from 'playwright-core';
import { startRelay, type TestRelay } from '../e2e/client-relay.ts';
import { type ExtensionBrowser, launchExtension } from './chromium.ts';
import { pairExtension } from './extension-pairing.ts';

/** A test file's world: the real relay, and Chromium with the built extension paired to it. */
export interface PairedExtension {
  relay: TestRelay;
  extension: ExtensionBrowser;
}

export async function startPairedExtension(): Promise<PairedExtension> {
  const relay = await startRelay();
  const extension = await launchExtension();
  await (await pairExtension(extension, relay.url, relay.admin)).close();
  return { relay, extension };
}

/** Stops whatever of it started (a failed start leaves parts undefined). */
export async function stopPairedExtension(world: Partial<PairedExtension>): Promise<void> {
  await world.extension?.close();
  await world.relay?.stop();
}

/** The toolbar popup is at most 800×600; opens it in a page of a popup's size. */
export async function openPopup(extension: ExtensionBrowser, path = 'popup.html'): Promise<Page> {
  const page = await extension.open(path);
  await page.setViewportSize({ width: 420, height: 600 });
  return page;
}
