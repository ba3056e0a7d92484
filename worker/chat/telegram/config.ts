/**
 * Telegram's settings from the Worker's secrets (docs/chat.md "Telegram"). Off unless both the
 * bot token and the webhook secret are set: a bot whose updates cannot be verified must not
 * post questions it could be answered to by anyone who knows the webhook URL.
 */
export interface TelegramConfig {
  token: string;
  secret: string;
  /** The Bot API origin, without a trailing slash; methods are `<apiRoot>/bot<token>/<method>`. */
  apiRoot: string;
}

export const defaultTelegramApi = 'https://api.telegram.org';

export function telegramConfig(env: Env): TelegramConfig | null {
  const token = env.TELEGRAM_BOT_TOKEN?.trim();
  const secret = env.TELEGRAM_WEBHOOK_SECRET?.trim();
  if (!token || !secret) return null;
  const apiRoot = (env.TELEGRAM_API_URL?.trim() || defaultTelegramApi).replace(/\/+$/, '');
  return { token, secret, apiRoot };
}

/**
 * grammY's Bot API client, pointed at `apiRoot` (a local fake in tests), each call bounded in
 * time. Loaded when first needed: a relay without Telegram, and every request that is not about
 * it, never evaluates the library.
 */
export async function telegramApi(config: TelegramConfig) {
  const { Api } = await import('grammy/web');
  return new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: 10 });
}
