import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, badRequest, unauthorized } from '../../common/errors.ts';
import { sameSecret } from '../../common/secrets.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonAnswer, open, openApiRoutes } from '../../http/openapi.ts';
import { answerFromChat } from '../answer.ts';
import { chatDirectory } from '../directory.ts';
import { linkChat } from '../link.ts';
import { type TelegramConfig, telegramApi, telegramConfig } from './config.ts';
import { actionOf, escapeHtml } from './message.ts';
import { startPayload, TelegramUpdate } from './update.ts';

/**
 * `POST /integrations/telegram`, the bot's webhook (docs/chat.md "Telegram"). Every update must
 * carry `X-Telegram-Bot-Api-Secret-Token` equal to TELEGRAM_WEBHOOK_SECRET (compared in constant
 * time, before the body is read): else 401 and nothing changes. An update Telegram sends again
 * (same `update_id`) is acknowledged and does nothing. Everything past the check answers 200, so
 * Telegram never retries an update the relay chose to ignore.
 *
 * Hand-written rather than grammy's `webhookCallback`: that needs `bot.init()` (a getMe call per
 * isolate) before the secret is even checked, and answers 500 when a handler throws, which makes
 * Telegram deliver the update again. grammy's `Api` makes every Bot API call.
 */

export const secretHeader = 'X-Telegram-Bot-Api-Secret-Token';
/** Telegram updates are small; a body beyond this is not one. */
const updateBytes = 64 * 1024;

const Acknowledged = z.object({ ok: z.literal(true) });

const webhook = createRoute({
  method: 'post',
  path: '/integrations/telegram',
  summary: 'The Telegram bot webhook (secret token checked on every update)',
  ...open,
  responses: { 200: jsonAnswer(Acknowledged, 'the update was taken (or ignored)') },
});

const ack = (c: Context<AppEnv>) => c.json({ ok: true as const }, 200);

async function readUpdate(request: Request): Promise<TelegramUpdate> {
  const text = await request.text();
  if (text.length > updateBytes) throw badRequest(`a Telegram update is at most ${updateBytes} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('the body is not JSON');
  }
  const update = TelegramUpdate.safeParse(json);
  if (!update.success) throw badRequest('not a Telegram update', update.error.issues);
  return update.data;
}

const issuerOf = (c: Context<AppEnv>) =>
  c.env.GATEHOUSE_PUBLIC_URL?.replace(/\/+$/, '') || new URL(c.req.url).origin;

async function onStart(env: Env, config: TelegramConfig, message: NonNullable<TelegramUpdate['message']>) {
  const api = await telegramApi(config);
  const code = startPayload(message.text);
  if (code === null || !message.from) return;
  const reply = (text: string) => api.sendMessage(message.chat.id, text, { parse_mode: 'HTML' });
  if (message.chat.type !== 'private') {
    await reply('Gatehouse links approvers in a private chat only: send me <code>/start CODE</code> there.');
    return;
  }
  if (code === '') {
    await reply(
      'Send <code>/start CODE</code> with a link code made in Gatehouse (extension, /app or <code>POST /api/v1/chat/link-codes</code>).',
    );
    return;
  }
  const result = await linkChat(env, {
    provider: 'telegram',
    code,
    userId: String(message.from.id),
    chatId: String(message.chat.id),
  });
  await reply(
    result.ok
      ? `Linked: questions of the workspace <b>${escapeHtml(result.workspaceId)}</b> come here, and you answer them as <b>${escapeHtml(result.approver.label ?? result.approver.tokenId)}</b>.`
      : escapeHtml(result.message),
  );
}

async function onButton(
  env: Env,
  config: TelegramConfig,
  query: NonNullable<TelegramUpdate['callback_query']>,
  issuer: string,
) {
  const api = await telegramApi(config);
  const answer = (text: string, alert: boolean) =>
    api.answerCallbackQuery(query.id, { text: text.slice(0, 200), show_alert: alert });
  const action = actionOf(query.data ?? '');
  const message = query.message;
  if (!action || !message) return answer('This button is not one of Gatehouse’s.', true);
  // Questions go only to private chats; a press anywhere else answers nothing.
  if (message.chat.type !== 'private') return answer('Gatehouse answers only in a private chat.', true);
  const result = await answerFromChat(
    env,
    {
      provider: 'telegram',
      chatId: String(message.chat.id),
      messageId: String(message.message_id),
      userId: String(query.from.id),
      answer:
        action === 'deny'
          ? { decision: 'reject' }
          : { decision: 'approve', scope: action === 'session' ? 'session' : 'once' },
    },
    issuer,
  );
  return answer(result.message, result.kind !== 'answered');
}

/** The chat an update happened in: where its update id is remembered. */
const chatOf = (update: TelegramUpdate) =>
  update.message?.chat.id ?? update.callback_query?.message?.chat.id ?? update.callback_query?.from.id;

export const telegramRoutes = openApiRoutes().openapi(webhook, async (c) => {
  const config = telegramConfig(c.env);
  if (!config) throw new ApiError(404, 'not_found', 'Telegram is off on this relay (docs/chat.md)');
  const presented = c.req.header(secretHeader);
  if (presented === undefined || !(await sameSecret(presented, config.secret)))
    throw unauthorized('the Telegram secret token is missing or wrong');
  const update = await readUpdate(c.req.raw);
  const chat = chatOf(update);
  if (chat === undefined) return ack(c);
  if (!(await chatDirectory(c.env, 'telegram', String(chat)).firstSight(`update:${update.update_id}`)))
    return ack(c);
  try {
    if (update.callback_query) await onButton(c.env, config, update.callback_query, issuerOf(c));
    else if (update.message) await onStart(c.env, config, update.message);
  } catch (error) {
    // Taken all the same: a retry of this update would find it seen and do nothing more.
    console.error('telegram update failed', String(error));
  }
  return ack(c);
});
