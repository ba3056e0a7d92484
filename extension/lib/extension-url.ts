import { browser } from 'wxt/browser';

/**
 * `browser.runtime.getURL` for any path. WXT types it only for the paths of a generated
 * `.wxt/` folder, which the repository's one typecheck does not include.
 */
export function extensionUrl(path: string): string {
  const runtime = browser.runtime as unknown as { getURL(path: string): string };
  return runtime.getURL(path);
}
