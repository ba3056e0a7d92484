import { useMemo } from 'preact/hooks';
import { chatBackgroundCalls } from '../../lib/chat-background-calls.ts';
import type { OptionsDeps } from '../../lib/options-actions.ts';
import { ChatControls } from '../../ui/chat/chat-controls.tsx';

/**
 * Approvals in chat (docs/chat.md "Linking") on the options page: the same panel as /app's, its
 * calls sent through the background, which answers them with this browser's approver token.
 */
export function ChatLinks({ deps }: { deps: OptionsDeps }) {
  const calls = useMemo(() => chatBackgroundCalls(deps.send), [deps]);
  return (
    <section class="card" data-testid="chat">
      <h2>Approvals in chat</h2>
      <p>
        Answer in Telegram or Slack as this browser’s approver: make a one-time code here and send it to the
        Gatehouse bot.
      </p>
      <ChatControls calls={calls} />
    </section>
  );
}
