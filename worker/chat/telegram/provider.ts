import type { ChatMessageRef, ChatProvider } from '../port.ts';
import { telegramApi, telegramConfig } from './config.ts';
import { closedText, questionKeyboard, questionText } from './message.ts';

/**
 * The Telegram side of the chat port: a question goes to the private chat of each linked
 * approver (Telegram has no channel target here), and each message is edited to the outcome,
 * its keyboard removed, when the question closes. A chat that refuses (the user blocked the
 * bot) is logged and skipped: the others still get theirs.
 */
export function telegramProvider(env: Env): ChatProvider | null {
  const config = telegramConfig(env);
  if (!config) return null;
  return {
    name: 'telegram',
    async post(question, targets) {
      const text = questionText(question);
      const api = await telegramApi(config);
      const sent = await Promise.all(
        targets.map(async (target): Promise<ChatMessageRef | null> => {
          if (target.kind !== 'dm') return null;
          try {
            const message = await api.sendMessage(target.chatId, text, {
              parse_mode: 'HTML',
              reply_markup: questionKeyboard(question),
              link_preview_options: { is_disabled: true },
            });
            return { chatId: String(message.chat.id), messageId: String(message.message_id) };
          } catch (error) {
            console.warn('telegram: question not posted', String(error));
            return null;
          }
        }),
      );
      return sent.filter((ref): ref is ChatMessageRef => ref !== null);
    },
    async close(question, refs, outcome) {
      const text = closedText(question, outcome);
      const api = await telegramApi(config);
      await Promise.all(
        refs.map(async (ref) => {
          try {
            // Without reply_markup the edit removes the keyboard: no button outlives its question.
            await api.editMessageText(ref.chatId, Number(ref.messageId), text, {
              parse_mode: 'HTML',
              link_preview_options: { is_disabled: true },
            });
          } catch (error) {
            console.warn('telegram: question not closed', String(error));
          }
        }),
      );
    },
  };
}
