import { describe, expect, it } from 'vitest';
import { runChatTelegram } from '../../client/cli/chat-telegram.ts';
import { FakeTelegram } from '../support/fake-telegram.ts';

// `gatehouse chat telegram`: setWebhook with the secret token against a fake Bot API, the
// wrangler steps printed, the bot token never printed, and every bad input an exit code 2.

const token = '555:AAunit-test-bot-token';

function run(args: string[], env: Record<string, string | undefined> = {}, fake = new FakeTelegram(token)) {
  const out: string[] = [];
  const err: string[] = [];
  const done = runChatTelegram(
    args,
    { print: (line) => out.push(line), warn: (line) => err.push(line) },
    {
      env,
      fetch: (async (url: string, init: RequestInit) => fake.handle(new Request(url, init))) as typeof fetch,
    },
  );
  return done.then((code) => ({ code, out: out.join('\n'), err: err.join('\n'), fake }));
}

const api = ['--api', 'http://bot-api.test'];

describe('gatehouse chat telegram', () => {
  it('registers <relay>/integrations/telegram with the secret and the two update kinds', async () => {
    const { code, out, fake } = await run(
      ['--url', 'https://relay.example', '--secret', 'abc_DEF-123', ...api],
      {
        TELEGRAM_BOT_TOKEN: token,
      },
    );
    expect(code).toBe(0);
    expect(fake.webhook).toEqual({
      url: 'https://relay.example/integrations/telegram',
      secret: 'abc_DEF-123',
    });
    expect(fake.callsOf('setWebhook')[0]!.body.allowed_updates).toEqual(['message', 'callback_query']);
    expect(out).toContain('npx wrangler secret put TELEGRAM_BOT_TOKEN');
    expect(out).toContain('npx wrangler secret put TELEGRAM_WEBHOOK_SECRET');
    expect(out).toContain('abc_DEF-123');
    expect(out).toContain('/start CODE');
    expect(out).not.toContain(token);
  });

  it('makes a random secret Telegram accepts when none is given', async () => {
    const first = await run(['--url', 'https://relay.example', '--bot-token', token, ...api]);
    const second = await run(['--url', 'https://relay.example', '--bot-token', token, ...api]);
    expect(first.code).toBe(0);
    expect(first.fake.webhook!.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.fake.webhook!.secret).not.toBe(second.fake.webhook!.secret);
  });

  it('--print, or no bot token: prints the steps and calls nothing', async () => {
    for (const args of [
      ['--url', 'https://relay.example', '--print', '--bot-token', token],
      ['--url', 'https://relay.example'],
    ]) {
      const { code, out, fake } = await run(args);
      expect(code).toBe(0);
      expect(fake.calls).toEqual([]);
      expect(out).toContain('setWebhook');
      expect(out).toContain('"secret_token"');
      expect(out).not.toContain(token);
    }
  });

  it('a refused setWebhook (wrong token) exits 1 and says why, without the token', async () => {
    const { code, err } = await run(['--url', 'https://relay.example', '--bot-token', 'wrong-token', ...api]);
    expect(code).toBe(1);
    expect(err).toContain('Unauthorized');
    expect(err).not.toContain('wrong-token');
  });

  it.each([
    [[], 'public URL'],
    [['--url', 'not a url'], 'URLs'],
    [['--url', 'http://relay.example', '--bot-token', token], 'https'],
    [['--url', 'https://relay.example', '--secret', 'has space'], 'secret'],
    [['--url', 'https://relay.example', '--secret', 'x'.repeat(257)], 'secret'],
    [['--url', 'https://relay.example', '--nope'], 'nope'],
  ])('%j → exit 2 naming what is wrong, nothing called', async (args, word) => {
    const { code, err, fake } = await run(args);
    expect(code).toBe(2);
    expect(err).toContain(word);
    expect(fake.calls).toEqual([]);
  });
});
