import type { BackgroundCore, RequestHandlers } from './background-core.ts';
import type { ChatRequest } from './chat-messages.ts';

/**
 * The background's answers to the options page's chat link panel (docs/chat.md "Linking"): each
 * a call to the paired relay with the approver's token, which never leaves the background. The
 * guard has already refused these from the dock (they are not content-script requests); a relay
 * refusal comes back as a `PortResult` carrying the relay's message, which the panel shows.
 */
export function chatRequestHandlers(
  core: Pick<BackgroundCore, 'viaRelay'>,
): Pick<RequestHandlers, ChatRequest['type']> {
  return {
    chatLinkCode: () => core.viaRelay((relay) => relay.chat.linkCode()),
    chatLinks: () => core.viaRelay((relay) => relay.chat.links()),
    unlinkChat: (request) => core.viaRelay((relay) => relay.chat.unlink(request.linkId)),
  };
}
