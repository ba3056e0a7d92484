import type { ChatService, Risk } from '../../shared/contract/index.ts';

/**
 * The chat port (docs/chat.md): what the relay's core asks of a chat service (Telegram, Slack)
 * and what a service's inbound routes ask of the core. One provider per service; the core
 * decides who gets a question and what it may show, the provider only speaks its service's API.
 *
 * Outbound (the core calls the provider, from the WorkspaceDO, outside the request that caused it):
 * - a question becomes active → `post(question, targets)` once, with every target of that provider;
 *   the refs it returns are stored per interaction (and per chat in the ChatDirectory, so an
 *   inbound button press finds its workspace and question);
 * - the question is resolved anywhere (extension, phone, API, chat, timeout, withdrawn) →
 *   `close(question, refs, outcome)` once, with the refs `post` returned: the messages are edited
 *   to the outcome and lose their buttons.
 *
 * Inbound (the provider's route calls the core, after verifying the request's signature/secret):
 * - `linkChat(env, {provider, code, userId, chatId})` (worker/chat/link.ts): a link code →
 *   this chat user answers as the approver who made the code;
 * - `answerFromChat(env, {provider, chatId, messageId, userId, answer}, issuer)`
 *   (worker/chat/answer.ts): a button press on a posted message → the question is resolved as
 *   the linked approver (actor = their token id, label "<approver label> · Telegram"), or
 *   nothing changes and the reason says why (unlinked user, user of another workspace, …).
 *
 * A provider is off (its factory returns null) unless its secrets are set; the core then
 * neither posts nor stores anything for it. Providers are listed in worker/chat/providers.ts.
 */

/** The chat services the relay speaks (shared/contract/chat.ts). A link, a message ref and a route name one. */
export type ChatProviderName = ChatService;

/** How a provider's name reads in an actor label: "Phone · Telegram". */
export const providerTitle: Record<ChatProviderName, string> = { telegram: 'Telegram', slack: 'Slack' };

/**
 * Where one message of a question goes. `dm`: the private chat of one linked approver (Telegram:
 * the chat id `/start` came from; Slack: open it with `conversations.open` for `userId`).
 * `channel`: the workspace's `chat.slackChannel` (permissions, native dialect), posted once.
 */
export type ChatTarget =
  | { kind: 'dm'; linkId: string; userId: string; chatId: string }
  | { kind: 'channel'; chatId: string };

/**
 * One posted message, as the provider names it: the chat (Telegram chat id, Slack channel id of
 * the DM or channel) and the message in it (Telegram message_id, Slack `ts`), both as strings.
 */
export interface ChatMessageRef {
  chatId: string;
  messageId: string;
}

/**
 * What a message may show (docs/chat.md "What a message shows"), decided by the core from the
 * workspace's `pushDetails` — chat history outlives the question. Every string is already
 * redacted and bounded; a provider escapes it for its markup and may cut further to its limits.
 * - `none`: the session and the risk only, never the call (no tool, no summary, no reason);
 * - `summary` (default): plus the tool and a one-line summary of the call (≤ 120 chars);
 * - `call`: plus the redacted call's first lines (the command, the diff's first lines), the
 *   reason and the evaluator.
 */
export interface ChatQuestion {
  workspaceId: string;
  sessionId: string;
  interactionId: string;
  /** The session's title, or its id when untitled. */
  sessionTitle: string;
  risk: Risk;
  /** ISO time the question expires, when it does. */
  expiresAt: string | null;
  details: 'none' | 'summary' | 'call';
  /** With `summary` and `call`. */
  tool?: string;
  summary?: string;
  /** With `call`: the call's first lines (at most `chatCallLines` lines, `chatCallChars` chars). */
  call?: string;
  reason?: string;
  evaluator?: string;
}

/** Bounds of the `call` text, well inside every service's limits (Telegram 4,096; Slack section 3,000). */
export const chatCallLines = 20;
export const chatCallChars = 1_500;

/**
 * How a question ended, as its messages say it afterwards. `by` is the answering approver's
 * label ("Phone", "Phone · Telegram"), redacted and bounded; absent when unknown.
 */
export type ChatOutcome =
  | { kind: 'approved'; scope: 'once' | 'session' | 'global'; by?: string }
  | { kind: 'denied'; by?: string }
  | { kind: 'expired' }
  | { kind: 'withdrawn' };

export interface ChatProvider {
  readonly name: ChatProviderName;
  /**
   * Posts the question to every target, one message each, and returns the refs of those that
   * were posted. A target that fails is logged and left out (the others still get theirs); it
   * must not throw for one bad target.
   */
  post(question: ChatQuestion, targets: readonly ChatTarget[]): Promise<ChatMessageRef[]>;
  /** Edits each posted message to the outcome and removes its buttons. Must not throw. */
  close(question: ChatQuestion, refs: readonly ChatMessageRef[], outcome: ChatOutcome): Promise<void>;
}

/** What a button press in chat answers. "Always" stays in the browser, where the rule preview is. */
export interface ChatAnswer {
  decision: 'approve' | 'reject';
  /** With approve: once or for the session. */
  scope?: 'once' | 'session';
  /** With reject: the approver's comment (Slack's modal), reaching the agent. */
  comment?: string;
}

/** `answerFromChat`'s input: who pressed which button on which posted message. */
export interface ChatAnswerRequest {
  provider: ChatProviderName;
  /** The posted message pressed (its ChatMessageRef). */
  chatId: string;
  messageId: string;
  /** The service's user id of whoever pressed (Telegram `from.id`, Slack `user.id`). */
  userId: string;
  answer: ChatAnswer;
}

/**
 * What became of a button press. Only `answered` changed anything; every other kind changed
 * nothing and `message` says why, in words fit for an ephemeral reply / callback answer.
 */
export type ChatAnswerResult =
  | { kind: 'answered'; outcome: ChatOutcome; message: string }
  | {
      kind: 'unknown_message' | 'unlinked' | 'foreign' | 'closed' | 'refused';
      message: string;
    };
