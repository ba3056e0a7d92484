import type { ChatIo } from './chat-telegram.ts';

/**
 * `gatehouse chat slack|telegram`: the setup of each chat service (docs/chat.md). Each reads its
 * own options, so `chat` is dispatched before the main option parser; each module is loaded
 * only when asked for.
 */
export async function runChat(args: string[], io: ChatIo): Promise<number> {
  const [service, ...rest] = args;
  if (service === 'telegram') {
    const { runChatTelegram } = await import('./chat-telegram.ts');
    return runChatTelegram(rest, io, { env: process.env });
  }
  if (service === 'slack') {
    const { runChatSlack } = await import('./chat-slack.ts');
    return runChatSlack(rest);
  }
  io.warn('usage: gatehouse chat slack|telegram [options] (gatehouse chat telegram --help says more)');
  return 2;
}
