/**
 * The Telegram settings the worker test project binds (vitest.config.ts): the Bot API is the fake
 * of test/support/fake-telegram.ts, reached at https://telegram.test through miniflare's
 * outbound service. No imports, so tests inside workerd can read these too.
 */
export const workerdTelegram = {
  host: 'telegram.test',
  token: '123456789:AAtest-bot-token_for-the-fake-api',
  secret: 'test-webhook-secret_0123456789',
} as const;
