import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { nodeFetch } from './node-fetch.ts';

/**
 * `gatehouse chat telegram` (docs/chat.md "Telegram"): registers the relay as the bot's webhook
 * (`setWebhook` with a `secret_token`, only the updates the relay reads) and prints the
 * `wrangler secret put` steps that give the relay the same token and secret. With `--print`, or
 * without a bot token, it only prints what to run. Telegram rejects webhooks that are not HTTPS:
 * a plain-http relay is accepted only with a Bot API other than Telegram's (a local one in tests).
 */

export interface ChatIo {
  print(line: string): void;
  warn(line: string): void;
}

export interface TelegramSetupOptions {
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

export const defaultTelegramApi = 'https://api.telegram.org';
/** What Telegram accepts as a secret_token: 1–256 of A–Z, a–z, 0–9, _ and -. */
const secretPattern = /^[A-Za-z0-9_-]{1,256}$/;

const usage = `gatehouse chat telegram — make the relay your Telegram bot's webhook

Usage: gatehouse chat telegram [--url RELAY_URL] [--bot-token TOKEN] [--secret SECRET] [--api URL] [--print]

  --url URL         the relay's public https URL (default $GATEHOUSE_URL)
  --bot-token T     the bot's token from @BotFather (default $TELEGRAM_BOT_TOKEN)
  --secret S        the webhook's secret token (default $TELEGRAM_WEBHOOK_SECRET, else a new random one)
  --api URL         the Bot API origin (default $TELEGRAM_API_URL, else ${defaultTelegramApi})
  --print           print the steps only; call nothing`;

const parse = (args: string[]) =>
  parseArgs({
    args,
    options: {
      url: { type: 'string' },
      'bot-token': { type: 'string' },
      secret: { type: 'string' },
      api: { type: 'string' },
      print: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;

export async function runChatTelegram(
  args: string[],
  io: ChatIo,
  options: TelegramSetupOptions,
): Promise<number> {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(args);
  } catch (error) {
    io.warn(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.print(usage);
    return 0;
  }
  const env = options.env;
  const relay = values.url ?? env.GATEHOUSE_URL;
  const api = (values.api ?? env.TELEGRAM_API_URL ?? defaultTelegramApi).replace(/\/+$/, '');
  const botToken = values['bot-token'] ?? env.TELEGRAM_BOT_TOKEN;
  const secret = values.secret ?? env.TELEGRAM_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url');
  if (!relay) {
    io.warn(`gatehouse chat telegram: give the relay's public URL (--url or $GATEHOUSE_URL)\n\n${usage}`);
    return 2;
  }
  let webhook: URL;
  try {
    webhook = new URL('/integrations/telegram', relay);
    new URL(api);
  } catch {
    io.warn('gatehouse chat telegram: --url and --api take URLs');
    return 2;
  }
  if (webhook.protocol !== 'https:' && api === defaultTelegramApi) {
    io.warn(
      `gatehouse chat telegram: Telegram sends updates to https URLs only; ${webhook.origin} is not one`,
    );
    return 2;
  }
  if (!secretPattern.test(secret)) {
    io.warn('gatehouse chat telegram: the secret takes 1–256 characters of A–Z, a–z, 0–9, _ and -');
    return 2;
  }

  io.print('1. Give the relay the bot token and the webhook secret (run where wrangler.toml is):');
  io.print('     npx wrangler secret put TELEGRAM_BOT_TOKEN       # paste the token from @BotFather');
  io.print('     npx wrangler secret put TELEGRAM_WEBHOOK_SECRET  # paste this secret:');
  io.print(`       ${secret}`);
  if (api !== defaultTelegramApi) io.print(`     and TELEGRAM_API_URL=${api} (a var, or a secret)`);
  io.print('   (locally: the same names in .dev.vars)');

  const register = {
    url: webhook.href,
    secret_token: secret,
    allowed_updates: ['message', 'callback_query'],
  };
  if (values.print || !botToken) {
    io.print('2. Register the relay as the bot’s webhook:');
    io.print(
      `     curl -sS ${api}/bot<TOKEN>/setWebhook -H 'content-type: application/json' -d '${JSON.stringify(register)}'`,
    );
    if (!botToken && !values.print)
      io.print('   (give --bot-token or $TELEGRAM_BOT_TOKEN and this command does it)');
  } else {
    const call = async (method: string, body: object) => {
      const res = await (options.fetch ?? nodeFetch)(`${api}/bot${botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { ok: boolean; result?: unknown; description?: string };
    };
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call('setWebhook', register);
    } catch (error) {
      io.warn(
        `gatehouse chat telegram: the Bot API at ${api} did not answer: ${error instanceof Error ? error.message : error}`,
      );
      return 1;
    }
    if (!answer.ok) {
      // Telegram's description never carries the token; the token is never printed.
      io.warn(`gatehouse chat telegram: setWebhook refused: ${answer.description ?? 'no reason given'}`);
      return 1;
    }
    io.print(`2. Registered ${webhook.href} as the bot’s webhook, with the secret above.`);
  }
  io.print('3. Link each approver: make a code (the extension, /app, or');
  io.print(
    `     curl -sS -X POST ${new URL('/api/v1/chat/link-codes', relay).href} -H "authorization: Bearer $APPROVER_TOKEN")`,
  );
  io.print('   and send the bot, in a private chat: /start CODE');
  return 0;
}
