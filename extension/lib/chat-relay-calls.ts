import { createTransport } from '../../client/sdk/http.ts';
import { ChatLinkCode, ChatLinkList } from '../../shared/contract/index.ts';
import type { ChatCalls } from '../ui/chat/chat-calls.ts';
import { attempt } from './relay-failure.ts';

/**
 * The chat link calls straight to a relay with one approver token: what /app uses, and what the
 * background's relay calls carry for the options page. Answers are parsed with the shared
 * schemas; a failure becomes the refusal the UI shows, with the relay's message.
 */

export function chatRelayCalls(options: { url: string; token: string; fetch?: typeof fetch }): ChatCalls {
  const http = createTransport(options);
  return {
    linkCode: () => attempt(() => http.json(ChatLinkCode, 'chat/link-codes', { method: 'POST' })),
    links: () => attempt(async () => (await http.json(ChatLinkList, 'chat/links')).links),
    unlink: (linkId) =>
      attempt(async () => {
        await http.send(`chat/links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
        return null;
      }),
  };
}
