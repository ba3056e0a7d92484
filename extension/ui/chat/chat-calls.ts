import type { ChatLink, ChatLinkCode } from '../../../shared/contract/index.ts';
import type { PortResult } from '../port.ts';

/**
 * What the chat link panel asks of the relay (docs/chat.md "Linking"), each answered as a
 * `PortResult` so a refusal carries the relay's own words. /app makes the calls itself
 * (`extension/lib/chat-relay-calls.ts`); the extension's options page sends them through the
 * background, which alone holds the token (`extension/lib/chat-background-calls.ts`).
 */
export interface ChatCalls {
  /** `POST /chat/link-codes`: a one-use code for this approver, ten minutes. */
  linkCode(): Promise<PortResult<ChatLinkCode>>;
  /** `GET /chat/links`: the links this approver may see. */
  links(): Promise<PortResult<ChatLink[]>>;
  /** `DELETE /chat/links/{id}`. */
  unlink(linkId: string): Promise<PortResult<null>>;
}
