import type { ChatProvider } from './port.ts';
import { slackProvider } from './slack/provider.ts';
import { telegramProvider } from './telegram/provider.ts';

/**
 * The chat services this relay speaks, each only when its secrets are set (docs/chat.md): a
 * provider's factory returns null otherwise, and nothing is posted or stored for it. One line
 * per service.
 */
export function chatProviders(env: Env): ChatProvider[] {
  return [telegramProvider(env), slackProvider(env)].filter(
    (provider): provider is ChatProvider => provider !== null,
  );
}
