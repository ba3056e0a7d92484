import { chatRelayCalls } from '../lib/chat-relay-calls.ts';
import type { ChatCalls } from '../ui/chat/chat-calls.ts';
import type { PortResult } from '../ui/port.ts';

/**
 * /app's chat link calls: straight to the relay that served the page, with this device's token
 * as it is when each call is made (pairing, or pairing again, changes it).
 */
export function directChatCalls(options: {
  origin: string;
  token: () => string | null;
  fetch?: typeof fetch;
}): ChatCalls {
  const unpaired: PortResult<never> = {
    ok: false,
    refusal: 'unpaired',
    message: 'not paired with this relay',
  };
  function withToken<T>(run: (calls: ChatCalls) => Promise<PortResult<T>>): Promise<PortResult<T>> {
    const token = options.token();
    if (!token) return Promise.resolve(unpaired);
    return run(
      chatRelayCalls({ url: options.origin, token, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    );
  }
  return {
    linkCode: () => withToken((calls) => calls.linkCode()),
    links: () => withToken((calls) => calls.links()),
    unlink: (linkId) => withToken((calls) => calls.unlink(linkId)),
  };
}
