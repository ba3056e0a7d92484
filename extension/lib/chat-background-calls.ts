import type { ChatCalls } from '../ui/chat/chat-calls.ts';
import type { sendRequest } from './send-request.ts';

/**
 * The chat link panel's calls from an extension page: each a request to the background, which
 * holds the token. A refusal of the background's own (the request was refused, or the background
 * did not answer) has the same `{ok: false, refusal, message}` shape and is passed on as it is.
 */
export function chatBackgroundCalls(send: typeof sendRequest): ChatCalls {
  return {
    linkCode: () => send({ type: 'chatLinkCode' }),
    links: () => send({ type: 'chatLinks' }),
    unlink: (linkId) => send({ type: 'unlinkChat', linkId }),
  };
}
