import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { root } from './local-relay.ts';

/**
 * The machine's Firefox ESR (Debian's `firefox-esr`) driven over WebDriver BiDi by
 * puppeteer-core, with the built Firefox add-on (extension/.output/firefox-mv2) installed as a
 * temporary add-on (BiDi `webExtension.install`, what about:debugging's "Load Temporary Add-on"
 * does).
 *
 * - The add-on's moz-extension:// host is a random UUID Firefox picks at install; the pref
 *   `extensions.webextensions.uuids` fixes it beforehand, so the test knows where its pages are.
 * - BiDi refuses to navigate to anything but http(s)/file/blob unless Firefox runs with
 *   `--remote-allow-system-access`; with it, a tab opens the add-on's pages as a user's tab would.
 *   Puppeteer's navigation wait never sees such a load finish (the tab moves to the extension
 *   process), so `open` waits for the page's own `document.readyState` instead.
 * - `permissions.request` shows a doorhanger no script can press; with
 *   `extensions.webextOptionalPermissionPrompts` off, Firefox grants what is requested without
 *   it — the add-on's own request call still runs and is what grants the relay's host.
 * - A machine without a desktop notification service (no D-Bus notification daemon, as here)
 *   makes Firefox's system alert backend close every notification the moment it is created;
 *   `alerts.useSystemBackend` off shows them in Firefox's own alert window, where they stay until
 *   cleared, as on a desktop.
 * - Profiles live under test/.tmp and are removed on close; XDG folders point inside the
 *   repository so nothing lands in the home directory.
 */

export const firefoxPath = process.env.GATEHOUSE_FIREFOX ?? '/usr/bin/firefox-esr';
export const firefoxExtensionDir =
  process.env.GATEHOUSE_FIREFOX_EXTENSION_DIR ?? join(root, 'extension/.output/firefox-mv2');

// Inside `evaluate` callbacks, which run on the add-on's pages: Firefox's own `browser.*`, whose
// Manifest V2 calls the Chrome-shaped `wxt/browser` types do not describe.
declare const browser: {
  browserAction: { getBadgeText(details: Record<string, never>): Promise<string> };
  notifications: { getAll(): Promise<Record<string, { title?: string; message?: string }>> };
};

export interface FirefoxExtension {
  firefox: Browser;
  /** The add-on's host: `moz-extension://<uuid>/`. */
  uuid: string;
  /** Opens one of the add-on's pages in a new tab, e.g. `popup.html`, once it has loaded. */
  open(path: string): Promise<Page>;
  /** The toolbar badge's text ('' when none), read through `browserAction` (Manifest V2). */
  badgeText(): Promise<string>;
  /** The ids of the add-on's notifications that are showing. */
  notificationIds(): Promise<string[]>;
  /** The add-on's notifications that are showing, by id. */
  notifications(): Promise<Record<string, { title?: string; message?: string }>>;
  close(): Promise<void>;
}

function requireFirefox(): void {
  if (!existsSync(firefoxPath))
    throw new Error(
      `Firefox is not installed at ${firefoxPath}: apt-get install -y firefox-esr (or set GATEHOUSE_FIREFOX)`,
    );
  if (!existsSync(join(firefoxExtensionDir, 'manifest.json')))
    throw new Error(
      `the built Firefox add-on is missing (${firefoxExtensionDir}): run \`npm run build:extension\` first (npm test does)`,
    );
}

/** The add-on's id, as its manifest declares it (`browser_specific_settings.gecko.id`). */
function addonId(dir: string): string {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${dir}/manifest.json names no gecko id`);
  return id;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function launchFirefoxExtension(): Promise<FirefoxExtension> {
  requireFirefox();
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const folder = await mkdtemp(join(root, 'test/.tmp/firefox-'));
  const uuid = randomUUID();
  let firefox: Browser | undefined;
  const close = async () => {
    await firefox?.close().catch(() => {});
    await rm(folder, { recursive: true, force: true });
  };
  try {
    // A copy, so a rebuild of extension/.output while the test runs cannot pull files away.
    const addon = join(folder, 'firefox-mv2');
    await cp(firefoxExtensionDir, addon, { recursive: true });
    const config = join(root, '.config');
    firefox = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      userDataDir: join(folder, 'profile'),
      args: ['--remote-allow-system-access'],
      env: { ...process.env, XDG_CONFIG_HOME: config, XDG_CACHE_HOME: join(config, 'cache') },
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [addonId(addon)]: uuid }),
        'extensions.webextOptionalPermissionPrompts': false,
        'alerts.useSystemBackend': false,
      },
    });
    const installed = await firefox.installExtension(addon);
    if (installed !== addonId(addon)) throw new Error(`Firefox installed ${installed}, not the add-on`);
    const prefix = `moz-extension://${uuid}/`;
    const session = firefox;

    const open = async (path: string): Promise<Page> => {
      const page = await session.newPage();
      const url = `${prefix}${path}`;
      page.goto(url, { timeout: 20_000 }).catch(() => {});
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const loaded = await page
          .evaluate(() => ({ href: location.href, ready: document.readyState }))
          .catch(() => null);
        if (loaded?.href === url && loaded.ready === 'complete') return page;
        await sleep(100);
      }
      throw new Error(`Firefox did not open ${url}`);
    };

    /** Runs in a page of the add-on (one kept open for it), where `browser.*` is the add-on's own API. */
    let probe: Page | undefined;
    const inAddon = async <T>(read: () => Promise<T>): Promise<T> => {
      probe ??= await open('options.html');
      return probe.evaluate(read);
    };

    return {
      firefox,
      uuid,
      open,
      badgeText: () => inAddon(() => browser.browserAction.getBadgeText({})),
      notificationIds: () => inAddon(async () => Object.keys(await browser.notifications.getAll())),
      notifications: () =>
        inAddon(async () => {
          const shown = await browser.notifications.getAll();
          return Object.fromEntries(
            Object.entries(shown).map(([id, n]) => [id, { title: n.title, message: n.message }]),
          );
        }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
