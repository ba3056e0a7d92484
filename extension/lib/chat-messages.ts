import type { ChatLink, ChatLinkCode } from '../../shared/contract/index.ts';
import type { PortResult } from '../ui/port.ts';

/**
 * The chat link panel's requests to the background (docs/chat.md "Linking"), part of the one
 * protocol of `messages.ts`: types only. Extension pages alone may send them — they act with the
 * approver's token — so they are not among `contentScriptRequests`, and the dock is refused.
 */
export type ChatRequest =
  | { type: 'chatLinkCode' }
  | { type: 'chatLinks' }
  | { type: 'unlinkChat'; linkId: string };

export interface ChatResponses {
  chatLinkCode: PortResult<ChatLinkCode>;
  chatLinks: PortResult<ChatLink[]>;
  unlinkChat: PortResult<null>;
}
