import { z } from 'zod';

/**
 * The parts of a Telegram Update the relay reads (core.telegram.org/bots/api#update): a text
 * message (for `/start CODE`) and a callback query (a button press). Anything else is ignored.
 * Parsed after the secret token was checked, still as input: nothing else is trusted of it.
 */

const User = z.object({ id: z.number().int() });
const Chat = z.object({ id: z.number().int(), type: z.string().max(32) });

export const TelegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      from: User.optional(),
      chat: Chat,
      text: z.string().max(4096).optional(),
    })
    .optional(),
  callback_query: z
    .object({
      id: z.string().max(256),
      from: User,
      data: z.string().max(64).optional(),
      message: z.object({ message_id: z.number().int(), chat: Chat }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdate>;

/** `/start CODE`, `/start@bot CODE`: the code, '' when none was given; null for any other text. */
export function startPayload(text: string | undefined): string | null {
  const match = /^\/start(?:@\w+)?(?:\s+(.*))?$/s.exec(text?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : null;
}
