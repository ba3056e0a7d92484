import type { SlackAPIClient } from 'slack-web-api-client';
import type { ChatMessageRef, ChatOutcome, ChatProvider, ChatQuestion, ChatTarget } from '../port.ts';
import { outcomeMessage, questionMessage } from './blocks.ts';
import { slackClient, slackConfig } from './config.ts';

/**
 * Slack's side of the chat port (worker/chat/port.ts): a question is one message per target —
 * a DM opened with `conversations.open` for each linked approver, or the workspace's channel —
 * and each message is edited with `chat.update` to the outcome, its buttons gone. A target that
 * fails is logged and skipped; the others still get theirs.
 */
export function slackProvider(env: Env): ChatProvider | null {
  const config = slackConfig(env);
  if (!config) return null;
  const client = slackClient(config);
  return {
    name: 'slack',
    post: (question, targets) => post(client, question, targets),
    close: (question, refs, outcome) => close(client, question, refs, outcome),
  };
}

/**
 * The channel a target's message goes to: a DM is opened (or found again) with the linked user,
 * whose bare Slack user id the link keeps as its chat id (worker/chat/slack/commands.ts).
 */
async function channelOf(client: SlackAPIClient, target: ChatTarget): Promise<string> {
  if (target.kind === 'channel') return target.chatId;
  const opened = await client.conversations.open({ users: target.chatId });
  const id = opened.channel?.id;
  if (!id) throw new Error('conversations.open named no channel');
  return id;
}

async function post(
  client: SlackAPIClient,
  question: ChatQuestion,
  targets: readonly ChatTarget[],
): Promise<ChatMessageRef[]> {
  const message = questionMessage(question);
  const posted = await Promise.all(
    targets.map(async (target): Promise<ChatMessageRef | null> => {
      try {
        const channel = await channelOf(client, target);
        const answer = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
        // The channel as Slack answers it is always an id (a "#name" target included): button
        // presses name that id, and the chat's directory is found by it.
        if (!answer.channel || !answer.ts) throw new Error('chat.postMessage named no channel or ts');
        return { chatId: answer.channel, messageId: answer.ts };
      } catch (error) {
        console.warn(`slack: question not posted to a ${target.kind}`, slackErrorText(error));
        return null;
      }
    }),
  );
  return posted.filter((ref): ref is ChatMessageRef => ref !== null);
}

async function close(
  client: SlackAPIClient,
  question: ChatQuestion,
  refs: readonly ChatMessageRef[],
  outcome: ChatOutcome,
): Promise<void> {
  const message = outcomeMessage(question, outcome);
  await Promise.all(
    refs.map(async (ref) => {
      try {
        await client.chat.update({
          channel: ref.chatId,
          ts: ref.messageId,
          text: message.text,
          blocks: message.blocks,
        });
      } catch (error) {
        console.warn('slack: message not edited to its outcome', slackErrorText(error));
      }
    }),
  );
}

/** An error as a log line: Slack's error code when it gave one, never the request (it carries the token header). */
export function slackErrorText(error: unknown): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string')
    return error.error;
  return error instanceof Error ? error.message : String(error);
}
