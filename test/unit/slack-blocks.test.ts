import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChatSlack, slackBotScopes, slackManifest } from '../../client/cli/chat-slack.ts';
import type { ChatQuestion } from '../../worker/chat/port.ts';
import {
  mrkdwn,
  outcomeMessage,
  plain,
  questionMessage,
  slackLimits,
} from '../../worker/chat/slack/blocks.ts';
import { checkBlocks } from '../support/fake-slack.ts';

// The Block Kit the relay sends (docs/chat.md "Slack"): within Slack's limits for any text an
// agent may send, escaped so that nothing in it is markup, and the setup command's manifest.

const base: ChatQuestion = {
  workspaceId: 'default',
  sessionId: 's1',
  interactionId: 'int_1',
  sessionTitle: 'Release',
  risk: 'medium',
  expiresAt: '2026-12-02T09:10:00.000Z',
  details: 'call',
  tool: 'Bash',
  summary: 'make release',
  call: 'make release',
  reason: 'Runs a build tool',
  evaluator: 'Policy',
};

const buttons = (blocks: unknown[]) =>
  (blocks as { type: string; elements?: { action_id: string }[] }[])
    .filter((block) => block.type === 'actions')
    .flatMap((block) => (block.elements ?? []).map((element) => element.action_id));

describe('mrkdwn and plain', () => {
  it.each([
    ['<!channel>', '&lt;!channel&gt;'],
    ['<@U012|ada>', '&lt;@U012|ada&gt;'],
    ['<https://evil.example|click>', '&lt;https://evil.example|click&gt;'],
    ['a &amp; b', 'a &amp;amp; b'],
  ])('escapes %s', (input, expected) => {
    expect(mrkdwn(input, 100)).toBe(expected);
  });

  it('never cuts inside an entity, and stays within the bound', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '&', 'a', '😀', '\n') }),
        fc.integer({ min: 2, max: 60 }),
        (text, max) => {
          const out = mrkdwn(text, max);
          expect(out.length).toBeLessThanOrEqual(max);
          expect(out.replace(/&(amp|lt|gt);/g, '')).not.toMatch(/[<>&]/);
          const p = plain(text, max);
          expect(p.length).toBeLessThanOrEqual(max);
          expect(p).not.toMatch(/[\uD800-\uDBFF]$/);
        },
      ),
    );
  });
});

describe('questionMessage', () => {
  it('fits Slack’s limits for any title, tool, call and reason', () => {
    const text = fc.string({ maxLength: 6000, unit: 'grapheme' });
    fc.assert(
      fc.property(
        text,
        text,
        text,
        text,
        fc.constantFrom('none', 'summary', 'call'),
        (title, tool, call, reason, details) => {
          const question: ChatQuestion = {
            ...base,
            details: details as ChatQuestion['details'],
            sessionTitle: title || 's',
            ...(details === 'none'
              ? {
                  tool: undefined,
                  summary: undefined,
                  call: undefined,
                  reason: undefined,
                  evaluator: undefined,
                }
              : {
                  tool: tool || 'T',
                  summary: call || 'x',
                  call: details === 'call' ? call || 'x' : undefined,
                  reason: details === 'call' ? reason || 'r' : undefined,
                }),
          };
          for (const message of [
            questionMessage(question),
            outcomeMessage(question, { kind: 'denied', by: title }),
          ]) {
            checkBlocks(message.blocks);
            expect(message.blocks.length).toBeLessThanOrEqual(slackLimits.blocks);
            expect(message.text.length).toBeLessThanOrEqual(slackLimits.fallbackText);
          }
        },
      ),
    );
  });

  it('offers three buttons, and Deny alone when the call is not shown', () => {
    expect(buttons(questionMessage(base).blocks)).toEqual([
      'gatehouse_approve_once',
      'gatehouse_approve_session',
      'gatehouse_deny',
    ]);
    const none: ChatQuestion = {
      ...base,
      details: 'none',
      tool: undefined,
      summary: undefined,
      call: undefined,
      reason: undefined,
      evaluator: undefined,
    };
    expect(buttons(questionMessage(none).blocks)).toEqual(['gatehouse_deny']);
    expect(JSON.stringify(questionMessage(none))).not.toContain('make release');
    expect(buttons(outcomeMessage(base, { kind: 'expired' }).blocks)).toEqual([]);
  });
});

describe('gatehouse chat slack', () => {
  it('the manifest names the relay’s two URLs and only the three scopes', () => {
    const manifest = slackManifest('https://relay.example/');
    expect(manifest.settings?.interactivity).toEqual({
      is_enabled: true,
      request_url: 'https://relay.example/integrations/slack/interactions',
    });
    expect(manifest.features?.slash_commands?.[0]).toMatchObject({
      command: '/gatehouse',
      url: 'https://relay.example/integrations/slack/commands',
    });
    expect(manifest.oauth_config?.scopes.bot).toEqual([...slackBotScopes]);
    expect(slackBotScopes).toEqual(['chat:write', 'im:write', 'commands']);
  });

  it('needs a relay URL, and refuses what is not one', async () => {
    const lines: string[] = [];
    const io = { print: (line: string) => lines.push(line), warn: (line: string) => lines.push(`! ${line}`) };
    expect(await runChatSlack([], io, {})).toBe(2);
    expect(await runChatSlack(['--url', 'ftp://x'], io, {})).toBe(2);
    expect(await runChatSlack(['--url', 'not a url'], io, {})).toBe(2);
    expect(await runChatSlack(['--url', 'https://r.example', '--name', 'x'.repeat(36)], io, {})).toBe(2);
    expect(await runChatSlack(['--bogus'], io, {})).toBe(2);
    lines.length = 0;
    expect(await runChatSlack(['--url', 'https://r.example'], io, {})).toBe(0);
    expect(lines.join('\n')).not.toContain('! ');
    expect(lines.join('\n')).toContain('npx wrangler secret put SLACK_BOT_TOKEN');
  });
});
