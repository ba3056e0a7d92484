import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { pairExtension } from '../support/extension-pairing.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The popup's states besides requests: not paired (a way to the options page), nothing waiting,
// and relay unreachable (the reason, a Retry that works once the relay is back). The extension
// talks to the relay through a TCP pass-through, so the relay can "go away" without a restart.

let relay: TestRelay;
let proxy: TcpProxy;
let extension: ExtensionBrowser;

beforeAll(async () => {
  relay = await startRelay();
  proxy = await startTcpProxy(new URL(relay.url));
  extension = await launchExtension();
});

afterAll(async () => {
  await extension?.close();
  await proxy?.stop();
  await relay?.stop();
});

const states = ['state-unpaired', 'state-unreachable', 'state-connecting', 'state-empty'];

/** Which of the mutually exclusive states the popup shows. */
async function shownStates(page: Awaited<ReturnType<ExtensionBrowser['open']>>) {
  const shown: string[] = [];
  for (const state of states)
    if ((await page.locator(`[data-testid="${state}"]`).count()) > 0) shown.push(state);
  return shown;
}

describe('the popup’s states', () => {
  it('not paired: says so, and leads to the options page', async () => {
    const popup = await extension.open('popup.html');
    await popup.locator('[data-testid="state-unpaired"]').waitFor({ timeout: 10_000 });
    expect(await shownStates(popup)).toEqual(['state-unpaired']);
    expect(await extension.badgeText()).toBe('');
    const options = extension.context.waitForEvent('page', { timeout: 10_000 });
    await popup.locator('[data-testid="state-unpaired"]').getByRole('button').first().click();
    expect((await options).url()).toContain(`chrome-extension://${extension.extensionId}/options.html`);
    await popup.close();
  });

  it('paired and nothing waiting: the empty state', async () => {
    await (await pairExtension(extension, proxy.url, relay.admin)).close();
    const popup = await extension.open('popup.html');
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    expect(await shownStates(popup)).toEqual(['state-empty']);
    await popup.close();
  });

  it('relay gone: unreachable with the reason and "!" on the badge; Retry once it is back', async () => {
    const popup = await extension.open('popup.html');
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 10_000 });
    await proxy.stop();
    const unreachable = popup.locator('[data-testid="state-unreachable"]');
    await unreachable.waitFor({ timeout: 30_000 });
    expect(await shownStates(popup)).toEqual(['state-unreachable']);
    expect(((await unreachable.textContent()) ?? '').length).toBeGreaterThan(0);
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('!');

    await proxy.start();
    await unreachable.locator('[data-testid="retry"]').click();
    await popup.locator('[data-testid="state-empty"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => extension.badgeText(), { timeout: 10_000 }).toBe('');
    await popup.close();
  });
});
