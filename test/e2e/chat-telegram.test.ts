import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runChatTelegram } from '../../client/cli/chat-telegram.ts';
import { type FakeMessage, FakeTelegram } from '../support/fake-telegram.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// Telegram through the whole relay: wrangler dev with the bot's secrets, the Bot API a fake on
// 127.0.0.1 that checks what the bot sends, `gatehouse chat telegram` registering the webhook,
// and the fake delivering updates to it as Telegram does.

const adminToken = 'e2e-chat-admin-token-0123456789abcdef';
const botToken = '987654321:AAe2e-telegram-bot-token';
const secret = 'e2e-telegram-webhook-secret_0123456789';

let fake: FakeTelegram;
let fakeServer: { url: string; close: () => Promise<void> };
let relay: LocalRelay;
let persist: string;
let url: string;

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

beforeAll(async () => {
  fake = new FakeTelegram(botToken);
  fakeServer = await fake.listen();
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/chat-'));
  relay = await startLocalRelay({
    adminToken,
    persist,
    quiet: true,
    vars: { TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_WEBHOOK_SECRET: secret, TELEGRAM_API_URL: fakeServer.url },
  });
  url = relay.url.origin;
});

afterAll(async () => {
  await relay?.dispose();
  await fakeServer?.close();
  if (persist) await rm(persist, { recursive: true, force: true });
});

const questionsIn = (chat: number) =>
  vi.waitFor(
    () => {
      const found = fake.messagesIn(chat).filter((m) => m.text.startsWith('Gatehouse: approval needed'));
      if (found.length === 0) throw new Error('no question yet');
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );

const editedIn = (message: FakeMessage) =>
  vi.waitFor(
    () => {
      if (message.edits === 0) throw new Error('not edited yet');
      return message;
    },
    { timeout: 15_000, interval: 50 },
  );

describe('Telegram through the relay under wrangler', () => {
  let approver: { id: string; token: string };
  let agent: string;
  const user = 424_242;

  it('`gatehouse chat telegram` registers the relay as the webhook with the secret token', async () => {
    const lines: string[] = [];
    const io = { print: (line: string) => lines.push(line), warn: (line: string) => lines.push(`! ${line}`) };
    const code = await runChatTelegram(
      ['--url', url, '--bot-token', botToken, '--secret', secret, '--api', fakeServer.url],
      io,
      { env: {} },
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(fake.webhook).toEqual({ url: `${url}/integrations/telegram`, secret });
    expect(fake.callsOf('setWebhook')[0]!.body.allowed_updates).toEqual(['message', 'callback_query']);
    expect(lines.join('\n')).toContain('npx wrangler secret put TELEGRAM_WEBHOOK_SECRET');
    expect(lines.join('\n')).not.toContain(botToken);
  });

  it('an approver links with /start CODE', async () => {
    approver = (await call('POST', '/tokens', adminToken, { role: 'approver', label: 'Phone' })).body;
    agent = (await call('POST', '/tokens', adminToken, { role: 'agent', label: 'e2e agent' })).body.token;
    const made = await call('POST', '/chat/link-codes', approver.token);
    expect(made.status).toBe(201);
    expect((await call('POST', '/chat/link-codes', agent)).status).toBe(403);
    expect((await fake.deliver(fake.message(user, `/start ${made.body.code}`))).status).toBe(200);
    const links = await call('GET', '/chat/links', approver.token);
    expect(links.body.links).toEqual([
      expect.objectContaining({
        provider: 'telegram',
        userId: String(user),
        approver: { tokenId: approver.id, label: 'Phone' },
      }),
    ]);
  });

  it('a press of Approve once returns allow to the held agent call, with actor Phone · Telegram', async () => {
    const held = call('POST', '/sessions/e2e-tg/tool-calls', agent, {
      tool_call_id: 'deploy',
      tool: 'Bash',
      input: { command: 'npm publish --tag next' },
      wait: 60,
    });
    const [question] = await questionsIn(user);
    expect(question!.text).toContain('npm publish --tag next');
    // A wrong secret is refused and changes nothing.
    expect((await fake.deliver(fake.press(user, question!, 'gh1:deny'), 'not-the-secret')).status).toBe(401);
    const press = fake.press(user, question!, 'gh1:once');
    expect((await fake.deliver(press)).status).toBe(200);
    // Telegram retries an update it thinks was lost: it resolves nothing twice.
    expect((await fake.deliver(press)).status).toBe(200);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe('allow');
    expect(answer.body.resolution.actor).toEqual({
      tokenId: approver.id,
      label: 'Phone · Telegram',
      role: 'approver',
    });
    const after = await editedIn(question!);
    expect(after.text).toContain('Approved once by Phone · Telegram');
    expect(after.keyboard).toBeNull();
    expect(
      fake.callsOf('answerCallbackQuery').filter((c) => c.body.callback_query_id === press.callback_query.id),
    ).toHaveLength(1);
  });

  it('a question answered elsewhere (interaction-respond) is edited in the chat', async () => {
    const submitted = await call('POST', '/sessions/e2e-tg2/tool-calls', agent, {
      tool_call_id: 'push',
      tool: 'Bash',
      input: { command: 'git push origin main' },
    });
    const question = (await questionsIn(user)).at(-1)!;
    expect(question.text).toContain('git push origin main');
    const res = await call('POST', '/sessions/e2e-tg2/interaction-respond', approver.token, {
      interaction_id: submitted.body.interaction.interactionId,
      answer: { decision: 'reject', comment: 'not today' },
    });
    expect(res.status).toBe(200);
    expect((await editedIn(question)).text).toContain('Denied by Phone');
    // No call to the Bot API failed along the way.
    expect(fake.calls.filter((c) => !c.ok)).toEqual([]);
  });
});
