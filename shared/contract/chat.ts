import { z } from 'zod';

/**
 * Approvals in chat (docs/chat.md): the link codes an approver makes and the links they become.
 * A link lets one chat user (Telegram or Slack) answer as the approver token that made the code.
 */

export const ChatService = z.enum(['telegram', 'slack']);
export type ChatService = z.infer<typeof ChatService>;

/** `POST /chat/link-codes`: one use, ten minutes. */
export const ChatLinkCode = z.object({ code: z.string(), expiresAt: z.string() });
export type ChatLinkCode = z.infer<typeof ChatLinkCode>;

export const ChatLink = z.object({
  id: z.string(),
  provider: ChatService,
  /** The service's user id (Telegram `from.id`, Slack user id). */
  userId: z.string(),
  approver: z.object({ tokenId: z.string(), label: z.string().nullable() }),
  createdAt: z.string(),
});
export type ChatLink = z.infer<typeof ChatLink>;

/** `GET /chat/links`. */
export const ChatLinkList = z.object({ links: z.array(ChatLink) });
export type ChatLinkList = z.infer<typeof ChatLinkList>;
