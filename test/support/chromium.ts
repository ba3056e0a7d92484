import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Worker,
} from 'playwright-core';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { root } from './local-relay.ts';

/**
 * The machine's Chromium driven by playwright-core, with or without the built extension.
 *
 * - Chromium is /usr/bin/chromium (Debian's package; Playwright's own download is not used).
 * - MV3 extensions need the new headless mode, so Playwright is told "headed" and Chromium gets
 *   `--headless=new` itself.
 * - Profiles live under test/.tmp and are removed on close; XDG folders point inside the
 *   repository so nothing lands in the home directory.
 */

export const chromiumPath = process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium';
/** The built Chrome extension; another build can be pointed at (e.g. a deliberately broken copy). */
export const extensionDir = process.env.GATEHOUSE_EXTENSION_DIR ?? join(root, 'extension/.output/chrome-mv3');

// Inside `evaluate` callbacks, which run in the extension's service worker or on its pages.
declare const chrome: typeof ExtensionApi;

const quietFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function chromiumEnv(): Record<string, string> {
  const config = join(root, '.config');
  return {
    ...(process.env as Record<string, string>),
    XDG_CONFIG_HOME: config,
    XDG_CACHE_HOME: join(config, 'cache'),
  };
}

function requireChromium(): void {
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: apt-get install -y chromium (or set GATEHOUSE_CHROMIUM)`,
    );
}

function requireExtensionBuild(): void {
  if (!existsSync(join(extensionDir, 'manifest.json')))
    throw new Error(
      `the built extension is missing (${extensionDir}): run \`npm run build:extension\` first (npm test does)`,
    );
}

async function profileDir(): Promise<string> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  return mkdtemp(join(root, 'test/.tmp/chromium-'));
}

/**
 * A copy of the built extension for one launch: a rebuild of extension/.output while a test runs
 * (`wxt build` empties the folder first) must not pull files from under the loaded extension.
 */
async function extensionCopy(into: string): Promise<string> {
  const copy = join(into, 'chrome-mv3');
  await cp(extensionDir, copy, { recursive: true });
  if (!existsSync(join(copy, 'manifest.json')))
    throw new Error(`the extension build at ${extensionDir} changed while it was copied; run again`);
  return copy;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker, found again if Chromium stopped and restarted it. */
  worker(): Promise<Worker>;
  /** Opens one of the extension's pages, e.g. `popup.html?session=s1`. */
  open(path: string): Promise<Page>;
  /**
   * Grants the extension access to an origin the way a user does on chrome://extensions
   * ("Site access" → add a site). See `grantSiteAccess` below for why.
   */
  grantSiteAccess(pattern: string): Promise<void>;
  /** The toolbar badge's text ('' when none). */
  badgeText(): Promise<string>;
  /** The toolbar badge's background colour, [r, g, b, a]. */
  badgeColor(): Promise<number[]>;
  /** The ids of the extension's notifications that are showing. */
  notificationIds(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Launches Chromium with the built extension (a copy of extension/.output/chrome-mv3) loaded
 * unpacked. The extension id is the host of its service worker's URL.
 */
export async function launchExtension(
  options: Pick<BrowserContextOptions, 'viewport' | 'deviceScaleFactor'> = {},
): Promise<ExtensionBrowser> {
  requireChromium();
  requireExtensionBuild();
  const folder = await profileDir();
  const profile = join(folder, 'profile');
  let context: BrowserContext;
  try {
    const unpacked = await extensionCopy(folder);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: false,
      env: chromiumEnv(),
      viewport: options.viewport ?? { width: 1000, height: 800 },
      // Screenshots for the docs are taken at 2× so they stay sharp on high-density screens.
      deviceScaleFactor: options.deviceScaleFactor ?? (process.env.GATEHOUSE_SCREENSHOTS === '1' ? 2 : 1),
      args: [...quietFlags, `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
    });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const close = async () => {
    await context.close().catch(() => {});
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const first =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
    const extensionId = new URL(first.url()).host;
    const prefix = `chrome-extension://${extensionId}/`;

    const worker = async (): Promise<Worker> =>
      context.serviceWorkers().find((w) => w.url().startsWith(prefix)) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith(prefix),
        timeout: 20_000,
      }));

    const open = async (path: string): Promise<Page> => {
      const page = await context.newPage();
      await page.goto(`${prefix}${path}`);
      return page;
    };

    /**
     * `permissions.request` opens a browser dialog that no page script (and no Playwright page
     * API) can answer, and in headless Chromium it simply stays pending. The user's other way
     * to grant a site is chrome://extensions → Site access, which calls
     * `chrome.developerPrivate.addHostPermission`; that API is reachable from the
     * chrome://extensions page itself. Once the origin is granted there, the options page's
     * `permissions.request` for it resolves `true` at once, without a dialog — so the
     * extension's real code path still runs. (Verified on Chromium 156: a request for
     * `http://127.0.0.1:PORT/*` resolves true after `http://127.0.0.1/*` was added.)
     */
    const grantSiteAccess = async (pattern: string): Promise<void> => {
      const page = await context.newPage();
      try {
        await page.goto('chrome://extensions');
        await page.evaluate(
          ([id, host]) =>
            (
              chrome as unknown as {
                developerPrivate: { addHostPermission(id: string, host: string): Promise<void> };
              }
            ).developerPrivate.addHostPermission(id as string, host as string),
          [extensionId, pattern],
        );
      } finally {
        await page.close();
      }
    };

    return {
      context,
      extensionId,
      worker,
      open,
      grantSiteAccess,
      badgeText: async () => (await worker()).evaluate(() => chrome.action.getBadgeText({})),
      badgeColor: async () =>
        (await worker()).evaluate(async () => [...(await chrome.action.getBadgeBackgroundColor({}))]),
      notificationIds: async () =>
        (await worker()).evaluate(async () => Object.keys(await chrome.notifications.getAll())),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface PlainBrowser {
  browser: Browser;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Chromium without the extension, for /app (a phone-sized context is one `newContext` away). */
export async function launchBrowser(): Promise<PlainBrowser> {
  requireChromium();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: false,
    env: chromiumEnv(),
    args: quietFlags,
  });
  return {
    browser,
    newContext: (options) => browser.newContext(options),
    close: () => browser.close(),
  };
}

/** A phone: 390×844 CSS pixels (an iPhone 12–15), touch, mobile layout. */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
