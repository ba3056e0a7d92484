import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runChatSlack } from '../../client/cli/chat-slack.ts';
import { FakeSlack, type SlackMessage } from '../support/fake-slack.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// Slack through the whole relay: wrangler dev with the app's secrets, the Web API a fake on
// 127.0.0.1 that checks what the bot sends, and the fake posting signed slash commands and
// interaction payloads to the URLs `gatehouse chat slack` put in the app manifest.

const adminToken = 'e2e-slack-admin-token-0123456789abcdef';
const botToken = `xoxb-${'111111111111-2222222222222-E2eFakeSlackBotToken'}`;
const signingSecret = 'e2e-slack-signing-secret-0123456789';
const team = 'T0E2ETEAM';

let fake: FakeSlack;
let fakeServer: { url: string; close: () => Promise<void> };
let relay: LocalRelay;
let persist: string;
let url: string;
let manifest: {
  settings: { interactivity: { request_url: string } };
  features: { slash_commands: { url: string }[] };
};

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** What Slack does: POST the form body to the app's URL, signed (or not, or badly). */
async function deliver(target: string, body: string, headers?: Record<string, string>) {
  return fetch(target, { method: 'POST', headers: headers ?? (await fake.signed(body)), body });
}

beforeAll(async () => {
  fake = new FakeSlack({ token: botToken, signingSecret, team });
  fakeServer = await fake.listen();
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/slack-'));
  relay = await startLocalRelay({
    adminToken,
    persist,
    quiet: true,
    vars: {
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_BOT_TOKEN: botToken,
      SLACK_API_URL: `${fakeServer.url}/api/`,
    },
  });
  url = relay.url.origin;
});

afterAll(async () => {
  await relay?.dispose();
  await fakeServer?.close();
  if (persist) await rm(persist, { recursive: true, force: true });
});

const waitFor = <T>(read: () => T) => vi.waitFor(read, { timeout: 15_000, interval: 50 });

const questionIn = (channel: string) =>
  waitFor(() => {
    const found = fake.messages.filter((m) => m.channel === channel);
    if (found.length === 0) throw new Error('no question yet');
    return found;
  });

const edited = (message: SlackMessage) =>
  waitFor(() => {
    if (message.edits === 0) throw new Error('not edited yet');
    return message;
  });

const buttons = (message: SlackMessage) =>
  message.blocks.flatMap((block) =>
    block.type === 'actions' ? (block.elements ?? []).map((e) => String(e.action_id)) : [],
  );

describe('Slack through the relay under wrangler', () => {
  let approver: { id: string; token: string };
  let agent: string;
  const user = 'U0E2EAPPROVER';

  it('`gatehouse chat slack` prints the manifest with the relay’s URLs and the secret steps', async () => {
    const lines: string[] = [];
    const io = { print: (line: string) => lines.push(line), warn: (line: string) => lines.push(`! ${line}`) };
    expect(await runChatSlack(['--url', url, '--json'], io, {})).toBe(0);
    manifest = JSON.parse(lines.join('\n'));
    expect(manifest.settings.interactivity.request_url).toBe(`${url}/integrations/slack/interactions`);
    expect(manifest.features.slash_commands[0]!.url).toBe(`${url}/integrations/slack/commands`);
    lines.length = 0;
    expect(await runChatSlack([], io, { GATEHOUSE_URL: url })).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain('npx wrangler secret put SLACK_SIGNING_SECRET');
    expect(text).toContain('npx wrangler secret put SLACK_BOT_TOKEN');
    expect(text).toContain('"chat:write"');
    expect(text).toContain('! Slack sends requests only to https URLs');
  });

  it('an approver links with /gatehouse link CODE', async () => {
    approver = (await call('POST', '/tokens', adminToken, { role: 'approver', label: 'Phone' })).body;
    agent = (await call('POST', '/tokens', adminToken, { role: 'agent', label: 'e2e agent' })).body.token;
    const made = await call('POST', '/chat/link-codes', approver.token);
    expect(made.status).toBe(201);
    const body = fake.command(user, `link ${made.body.code}`);
    const res = await deliver(manifest.features.slash_commands[0]!.url, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('Linked'),
    });
    const links = await call('GET', '/chat/links', approver.token);
    expect(links.body.links).toEqual([
      expect.objectContaining({
        provider: 'slack',
        userId: `${team}:${user}`,
        approver: { tokenId: approver.id, label: 'Phone' },
      }),
    ]);
  });

  it('a click on Approve once returns allow to the held agent call, with actor Phone · Slack; a retry and a forgery change nothing', async () => {
    const held = call('POST', '/sessions/e2e-slack/tool-calls', agent, {
      tool_call_id: 'deploy',
      tool: 'Bash',
      input: { command: 'npm publish --tag next' },
      wait: 60,
    });
    const [question] = await questionIn(`D${user.slice(1)}`);
    expect(JSON.stringify(question!.blocks)).toContain('npm publish --tag next');
    expect(fake.callsOf('conversations.open').map((c) => c.authorization)).toEqual([`Bearer ${botToken}`]);
    const target = manifest.settings.interactivity.request_url;
    const body = FakeSlack.form(fake.press(user, question!, 'gatehouse_approve_once'));
    // Signed with another secret, or too old: 401, nothing changes.
    const forged = await deliver(target, body, {
      ...(await fake.signed(body)),
      'x-slack-signature': `v0=${'f'.repeat(64)}`,
    });
    expect(forged.status).toBe(401);
    const stale = await deliver(target, body, await fake.signed(body, Math.floor(Date.now() / 1000) - 600));
    expect(stale.status).toBe(401);
    // The real click, and Slack's retry of it.
    expect((await deliver(target, body)).status).toBe(200);
    expect(
      (await deliver(target, body, { ...(await fake.signed(body)), 'x-slack-retry-num': '1' })).status,
    ).toBe(200);
    const answer = await held;
    expect(answer.body.outcome).toBe('allow');
    expect(answer.body.resolution.actor).toMatchObject({ tokenId: approver.id, label: 'Phone · Slack' });
    const after = await edited(question!);
    expect(JSON.stringify(after.blocks)).toContain('Approved once by Phone · Slack');
    expect(buttons(after)).toEqual([]);
    const audit = await call('GET', '/sessions/e2e-slack/audit', adminToken);
    expect(
      audit.body.events.filter((e: { name: string }) => e.name === 'tool_permission_resolution'),
    ).toHaveLength(1);
  });

  it('an unlinked user’s click changes nothing; a question answered elsewhere is edited', async () => {
    const asked = await call('POST', '/sessions/e2e-slack/tool-calls', agent, {
      tool_call_id: 'migrate',
      tool: 'Bash',
      input: { command: 'npm run migrate -- --prod' },
    });
    const channel = `D${user.slice(1)}`;
    const question = await waitFor(() => {
      const found = fake.messages.filter(
        (m) => m.channel === channel && JSON.stringify(m.blocks).includes('migrate'),
      );
      if (found.length === 0) throw new Error('no question yet');
      return found[0]!;
    });
    const stranger = 'U0E2ESTRANGER';
    const res = await deliver(
      manifest.settings.interactivity.request_url,
      FakeSlack.form(fake.press(stranger, question, 'gatehouse_approve_once')),
    );
    expect(res.status).toBe(200);
    await waitFor(() => {
      if (!fake.ephemerals.some((e) => e.user === stranger)) throw new Error('not told yet');
    });
    expect((await call('GET', '/sessions/e2e-slack/tool-calls/migrate', agent)).body.outcome).toBe('pending');
    const responded = await call('POST', '/sessions/e2e-slack/interaction-respond', approver.token, {
      interaction_id: asked.body.interaction.interactionId,
      answer: { decision: 'reject', comment: 'not today' },
    });
    expect(responded.status).toBe(200);
    const after = await edited(question);
    expect(JSON.stringify(after.blocks)).toContain('Denied by Phone');
    expect(buttons(after)).toEqual([]);
  });
});
