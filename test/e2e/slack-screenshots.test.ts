import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../shared/contract/index.ts';
import type { ChatQuestion } from '../../worker/chat/port.ts';
import { denyView, outcomeMessage, questionMessage } from '../../worker/chat/slack/blocks.ts';
import { launchBrowser, type PlainBrowser } from '../support/chromium.ts';
import { checkBlocks } from '../support/fake-slack.ts';
import { root } from '../support/local-relay.ts';
import { messagesPage, modalPage } from '../support/slack-render.ts';

// The Slack messages of docs/chat.md "Slack", rendered from the Block Kit JSON the relay sends
// (worker/chat/slack/blocks.ts) in a small page in the machine's Chromium, and saved as the
// docs' screenshots. The same JSON passes the fake Slack's Block Kit check first.

const question: ChatQuestion = {
  workspaceId: 'default',
  sessionId: 'release-42',
  interactionId: 'int_1',
  sessionTitle: 'Release 4.2 to npm',
  risk: 'high',
  expiresAt: '2026-12-02T09:10:00.000Z',
  details: 'call',
  tool: 'Bash',
  summary: 'npm publish --access public --tag next',
  call: 'npm publish --access public --tag next',
  reason:
    'Publishes a package to a public registry: anyone can install it, and a version cannot be taken back.',
  evaluator: 'Security reviewer',
};

const out = join(root, 'docs/screenshots');
let browser: PlainBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(out, { recursive: true });
});
afterAll(async () => browser?.close());

async function shoot(html: string, file: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 680, height: 400 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const shown = await page.locator('body').innerText();
  await page.locator('body > *').first().waitFor();
  await page.screenshot({ path: join(out, file), fullPage: true });
  await context.close();
  return shown;
}

describe('Slack messages, as the docs show them', () => {
  it('a question, and the same message once answered', async () => {
    const asked = questionMessage(question);
    const answered = outcomeMessage(question, { kind: 'approved', scope: 'once', by: 'Phone · Slack' });
    for (const message of [asked, answered]) checkBlocks(message.blocks);
    const shown = await shoot(
      messagesPage([
        { blocks: asked.blocks as never, time: '9:00 AM' },
        { blocks: answered.blocks as never, time: '9:01 AM (edited)' },
      ]),
      'slack-messages.png',
    );
    expect(shown).toContain('High risk · Bash');
    expect(shown).toContain('npm publish --access public --tag next');
    expect(shown).toContain('Approve once');
    expect(shown).toContain('Approved once by Phone · Slack');
  });

  it('the Deny modal', async () => {
    const view = denyView({ channel: 'D0123', ts: '1733130000.000100' }, limits.commentLength);
    checkBlocks(view.blocks, 100);
    const shown = await shoot(modalPage(view as never), 'slack-deny-modal.png');
    expect(shown).toContain('Comment for the agent');
  });
});
