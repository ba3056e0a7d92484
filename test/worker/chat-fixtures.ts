import { exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import type { FakeMessage, RecordedCall } from '../support/fake-telegram.ts';
import { workerdTelegram } from '../support/workerd-telegram.ts';
import { expectJson, type Team } from './session-fixtures.ts';

/**
 * Chat from inside workerd: the fake Telegram Bot API (test/support/fake-telegram.ts) runs in the
 * test runner's process and is reached at https://telegram.test; these helpers play Telegram's
 * side (make an update, post it to the webhook) and read what the bot sent.
 */

const fakeUrl = (path: string) => `https://${workerdTelegram.host}/__fake/${path}`;

export interface TelegramLog {
  calls: RecordedCall[];
  messages: FakeMessage[];
}

export async function telegramLog(): Promise<TelegramLog> {
  return (await (await fetch(fakeUrl('log'))).json()) as TelegramLog;
}

const control = async (path: string, body: object) =>
  (await (await fetch(fakeUrl(path), { method: 'POST', body: JSON.stringify(body) })).json()) as Record<
    string,
    unknown
  >;

/** A fresh Telegram user id (a private chat has the user's id). */
export const telegramUser = () => 100_000 + Math.floor(Math.random() * 1_000_000_000);

export const startUpdate = (from: number, text: string, chat?: { id?: number; type?: string }) =>
  control('message', { from, text, ...(chat ? { chat } : {}) });

export const pressUpdate = (from: number, message: Pick<FakeMessage, 'chatId' | 'messageId'>, data: string) =>
  control('press', { from, chatId: message.chatId, messageId: message.messageId, data });

/** Posts an update to the relay's webhook as Telegram does (`secret` null: no header at all). */
export function deliver(update: object, secret: string | null = workerdTelegram.secret): Promise<Response> {
  return exports.default.fetch('http://relay/integrations/telegram', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
    body: JSON.stringify(update),
  });
}

export async function linkCode(token: string): Promise<{ code: string; expiresAt: string }> {
  return expectJson(201, '/chat/link-codes', { token, method: 'POST' });
}

/** Links a fresh Telegram user to the approver of `token`; returns the user (= chat) id. */
export async function linkTelegram(token: string, user = telegramUser()): Promise<number> {
  const { code } = await linkCode(token);
  const res = await deliver(await startUpdate(user, `/start ${code}`));
  expect(res.status).toBe(200);
  return user;
}

/** The messages the bot sent to one chat, once `ready` holds for them (delivery runs after the change). */
export async function chatMessages(
  chatId: number,
  ready: (messages: FakeMessage[]) => boolean = (messages) => messages.length > 0,
): Promise<FakeMessage[]> {
  return vi.waitFor(
    async () => {
      const messages = (await telegramLog()).messages.filter((m) => m.chatId === chatId);
      if (!ready(messages)) throw new Error(`chat ${chatId}: not yet (${messages.length} messages)`);
      return messages;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The question messages only (a link's reply has no keyboard and does not start with the header). */
export const questions = (messages: FakeMessage[]) =>
  messages.filter((m) => m.text.startsWith('Gatehouse: approval needed'));

export async function setPermissions(team: Team, permissions: object): Promise<void> {
  await expectJson(200, '/permissions', { token: team.admin, method: 'PUT', body: permissions });
}
