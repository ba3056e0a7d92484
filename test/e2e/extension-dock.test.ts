import { createServer, type Server } from 'node:http';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchExtension } from '../support/chromium.ts';
import { askAndWait } from '../support/extension-cards.ts';
import { pairExtension } from '../support/extension-pairing.ts';
import { screenshot } from '../support/extension-screenshots.ts';
import { startRelay, type TestRelay } from './client-relay.ts';

// The approval dock in an ordinary web page (a tiny local HTTP server stands for "any site"):
// off by default; once enabled in the options page, <gatehouse-dock> appears with a CLOSED
// shadow root. The page cannot see inside, and a click the page fabricates — even on the dock's
// own button, reached here through the DevTools protocol as a page never could — does nothing;
// a real click (Chromium's input pipeline, page.mouse at the button's coordinates) approves.
//
// Site access: turning the dock on requests http://*/* and https://*/*; as for pairing, they
// are granted first as a user would on chrome://extensions, after which the options page's own
// request resolves without a dialog.

let relay: TestRelay;
let extension: ExtensionBrowser;
let site: Server;
let siteUrl: string;

const pageHtml = `<!doctype html><html><head><title>Some site</title></head>
<body style="font: 16px sans-serif; margin: 40px"><h1>Some site</h1><p>Ordinary page content.</p>
<script>window.dockHost = () => document.querySelector('gatehouse-dock');</script></body></html>`;

beforeAll(async () => {
  relay = await startRelay();
  extension = await launchExtension({ viewport: { width: 1000, height: 700 } });
  site = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const address = site.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  // `localhost`, not 127.0.0.1, so the page is another site than the relay.
  siteUrl = `http://localhost:${address.port}/`;
  await (await pairExtension(extension, relay.url, relay.admin)).close();
});

afterAll(async () => {
  await extension?.close();
  await relay?.stop();
  site?.close();
});

/** The dock's element matching `selector`, found through the DevTools protocol (it pierces closed roots). */
async function dockNode(cdp: CDPSession, selector: string): Promise<number | null> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  type Node = { nodeId: number; localName?: string; children?: Node[]; shadowRoots?: Node[] };
  const find = (node: Node): Node | null => {
    if (node.localName === 'gatehouse-dock') return node;
    for (const child of node.children ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const host = find(root as Node);
  const shadow = host?.shadowRoots?.[0];
  if (!shadow) return null;
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: shadow.nodeId, selector });
  return nodeId || null;
}

async function waitForDockNode(cdp: CDPSession, selector: string): Promise<number> {
  let nodeId: number | null = null;
  await expect
    .poll(
      async () => {
        nodeId = await dockNode(cdp, selector);
        return nodeId;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return nodeId!;
}

describe('the approval dock', () => {
  let page: Page;

  it('is off by default: no <gatehouse-dock> in pages', async () => {
    page = await extension.context.newPage();
    await page.goto(siteUrl);
    await page.waitForTimeout(1000);
    expect(await page.locator('gatehouse-dock').count()).toBe(0);
  });

  it('enabled in the options page → pages get <gatehouse-dock> with a closed shadow root', async () => {
    await extension.grantSiteAccess('http://*/*');
    await extension.grantSiteAccess('https://*/*');
    const options = await extension.open('options.html');
    const toggle = options.locator('input#dock-enabled');
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
    await options.close();

    await page.goto(siteUrl);
    await page.locator('gatehouse-dock').waitFor({ state: 'attached', timeout: 10_000 });
    expect(
      await page.evaluate(() => {
        const host = (window as unknown as { dockHost(): Element | null }).dockHost();
        return host !== null && host.parentNode === document.documentElement && host.shadowRoot === null;
      }),
    ).toBe(true);
  });

  it('a click the page fabricates does nothing; a real click approves', async () => {
    const sid = 'dock-session';
    await relay.agent.declareSession(sid, { title: 'Docked', agent: 'e2e', mode: 'default' });
    const ask = await askAndWait(relay.agent, sid, {
      tool_call_id: 'docked',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
    });
    const cdp = await extension.context.newCDPSession(page);
    await waitForDockNode(cdp, '[data-action="allow_once"]');
    expect(await dockNode(cdp, '[data-testid="tool"]')).not.toBeNull();
    // Node ids last until the next DOM.getDocument: look the button up once more, then use it.
    const button = (await dockNode(cdp, '[data-action="allow_once"]'))!;
    await screenshot(page, 'dock');

    // The page's own reach: events on the host, and (via CDP, in the page's world) on the button.
    await page.evaluate(() => {
      const host = (window as unknown as { dockHost(): HTMLElement }).dockHost();
      host.click();
      host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      host.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, composed: true }));
    });
    const { object } = await cdp.send('DOM.resolveNode', { nodeId: button });
    await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      functionDeclaration:
        'function () { this.click(); this.dispatchEvent(new MouseEvent("click", { bubbles: true, composed: true })); }',
    });
    await page.waitForTimeout(1000);
    expect((await relay.agent.getToolCall(sid, 'docked')).outcome).toBe('pending');

    // A real click where the button is.
    const { model } = await cdp.send('DOM.getBoxModel', {
      nodeId: (await dockNode(cdp, '[data-action="allow_once"]'))!,
    });
    const [x1, y1, , , x3, y3] = model.content;
    await page.mouse.click((x1! + x3!) / 2, (y1! + y3!) / 2);
    expect(await ask.answer).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
    await cdp.detach();
  });
});
