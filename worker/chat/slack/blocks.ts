import type { AnyMessageBlock, Button, ModalView, RichTextBlock } from 'slack-web-api-client';
import { capitalize } from '../../../shared/badges/words.ts';
import { outcomeText } from '../outcome.ts';
import type { ChatOutcome, ChatQuestion } from '../port.ts';
import type { DenyTarget } from './payloads.ts';

/**
 * A question as a Block Kit message, and the same message once it is answered (docs/chat.md
 * "Slack"). Everything the message shows comes from the core's `ChatQuestion`, already redacted
 * and bounded by the workspace's `pushDetails`; here it is only escaped for Slack and fitted to
 * Slack's limits (https://api.slack.com/reference/block-kit/blocks).
 */

export const slackLimits = {
  blocks: 50,
  sectionText: 3_000,
  buttonText: 75,
  headerText: 150,
  /** The notification text beside the blocks (Slack allows 40,000; a notification shows far less). */
  fallbackText: 300,
  modalTitle: 24,
} as const;

/** The buttons' action ids, read back by the interactions route. "Always" stays in the browser. */
export const slackActions = {
  approveOnce: 'gatehouse_approve_once',
  approveSession: 'gatehouse_approve_session',
  deny: 'gatehouse_deny',
} as const;

/** The Deny modal's callback id and the comment field in it. */
export const denyModal = { callbackId: 'gatehouse_deny', block: 'comment', action: 'comment' } as const;

/** The three characters Slack's markup reserves (https://api.slack.com/reference/surfaces/formatting#escaping). */
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * `text` escaped for mrkdwn and cut to `max` characters of the escaped form, never inside an
 * entity: an agent's `<!channel>` or `<https://…|label>` shows as written and pings or links nothing.
 */
export function mrkdwn(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    const piece = entities[char] ?? char;
    if (out.length + piece.length > max - 1) return `${out}…`;
    out += piece;
  }
  return out;
}

/** Plain text (headers, buttons, the fallback) cut to `max` UTF-16 units, whole characters only. */
export function plain(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

const riskWords = (question: ChatQuestion) =>
  question.risk === 'critical' ? 'Critical risk' : `${capitalize(question.risk)} risk`;

/** The call's lines as Slack shows code: a preformatted rich text block, whose text is never parsed as markup. */
function preformatted(text: string): RichTextBlock {
  return {
    type: 'rich_text',
    elements: [
      {
        type: 'rich_text_preformatted',
        elements: [{ type: 'text', text: plain(text, slackLimits.sectionText) }],
      },
    ],
  };
}

function expiry(expiresAt: string | null): AnyMessageBlock[] {
  if (expiresAt === null) return [];
  const seconds = Math.floor(Date.parse(expiresAt) / 1000);
  if (!Number.isFinite(seconds)) return [];
  // Slack shows the time in each reader's own zone; the fallback is for clients that cannot.
  return [
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `Denied if nobody answers by <!date^${seconds}^{time}|${expiresAt}>` },
      ],
    },
  ];
}

/** What the question says, with or without its buttons: the same blocks before and after the answer. */
function questionBlocks(question: ChatQuestion): AnyMessageBlock[] {
  const blocks: AnyMessageBlock[] = [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: mrkdwn(`Session: ${question.sessionTitle}`, slackLimits.sectionText) },
    },
  ];
  const shown = question.call ?? question.summary;
  if (shown !== undefined) blocks.push(preformatted(shown));
  const facts = [`*Risk*\n${riskWords(question)}`];
  if (question.tool !== undefined) facts.push(`*Tool*\n${mrkdwn(question.tool, 1_000)}`);
  if (question.evaluator !== undefined) facts.push(`*Evaluator*\n${mrkdwn(question.evaluator, 200)}`);
  blocks.push({ type: 'section', fields: facts.map((text) => ({ type: 'mrkdwn' as const, text })) });
  if (question.reason !== undefined)
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `*Why asked*\n${mrkdwn(question.reason, slackLimits.sectionText - 20)}` },
    });
  if (question.details === 'none')
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: 'This workspace shows calls only in Gatehouse: open it to see what is asked.',
        },
      ],
    });
  return blocks;
}

function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button {
  return {
    type: 'button',
    text: { type: 'plain_text', text: plain(text, slackLimits.buttonText) },
    action_id: actionId,
    value,
    ...(style ? { style } : {}),
  };
}

/**
 * The buttons. With `pushDetails: "none"` the call is not in the message, so it can only be
 * denied here: one tap must never approve what the approver could not read (docs/push.md).
 */
function actions(question: ChatQuestion): AnyMessageBlock {
  const value = question.interactionId;
  const deny = button('Deny', slackActions.deny, value, 'danger');
  const elements =
    question.details === 'none'
      ? [deny]
      : [
          button('Approve once', slackActions.approveOnce, value, 'primary'),
          button('For this session', slackActions.approveSession, value),
          deny,
        ];
  return { type: 'actions', block_id: 'gatehouse_answer', elements };
}

function headline(question: ChatQuestion): string {
  return question.tool === undefined
    ? `${riskWords(question)} · a question`
    : `${riskWords(question)} · ${question.tool}`;
}

export interface SlackMessage {
  text: string;
  blocks: AnyMessageBlock[];
}

function bounded(blocks: AnyMessageBlock[]): AnyMessageBlock[] {
  // Never more than a handful today; the bound is Slack's, kept in case the message grows.
  return blocks.slice(0, slackLimits.blocks);
}

/** The message posted when a question becomes active. */
export function questionMessage(question: ChatQuestion): SlackMessage {
  const title = headline(question);
  return {
    text: plain(`Gatehouse asks: ${title} in ${question.sessionTitle}`, slackLimits.fallbackText),
    blocks: bounded([
      { type: 'header', text: { type: 'plain_text', text: plain(title, slackLimits.headerText) } },
      ...questionBlocks(question),
      ...expiry(question.expiresAt),
      actions(question),
    ]),
  };
}

/** The same message once the question ended anywhere: the outcome on top, no buttons. */
export function outcomeMessage(question: ChatQuestion, outcome: ChatOutcome): SlackMessage {
  const said = outcomeText(outcome);
  return {
    text: plain(
      `Gatehouse: ${said} (${headline(question)} in ${question.sessionTitle})`,
      slackLimits.fallbackText,
    ),
    blocks: bounded([
      { type: 'header', text: { type: 'plain_text', text: plain(said, slackLimits.headerText) } },
      ...questionBlocks(question),
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: mrkdwn(`${headline(question)} · ${said}`, 3_000) }],
      },
    ]),
  };
}

/** The modal Deny opens: an optional comment that reaches the agent. Closing it decides nothing. */
export function denyView(target: DenyTarget, commentMax: number): ModalView {
  return {
    type: 'modal',
    callback_id: denyModal.callbackId,
    private_metadata: JSON.stringify(target),
    title: { type: 'plain_text', text: 'Deny this call' },
    submit: { type: 'plain_text', text: 'Deny' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: 'The agent is told not to retry and to ask you first. Your comment reaches it.',
        },
      },
      {
        type: 'input',
        block_id: denyModal.block,
        optional: true,
        label: { type: 'plain_text', text: 'Comment for the agent' },
        element: {
          type: 'plain_text_input',
          action_id: denyModal.action,
          multiline: true,
          max_length: commentMax,
        },
      },
    ],
  };
}
