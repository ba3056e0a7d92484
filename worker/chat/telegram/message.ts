import type { InlineKeyboardMarkup } from 'grammy/types';
import { outcomeText } from '../outcome.ts';
import type { ChatOutcome, ChatQuestion } from '../port.ts';

/**
 * A question as a Telegram message (HTML parse mode): every value escaped, the whole text within
 * Telegram's 4,096 characters (counted on the HTML source, which is never shorter than what
 * Telegram shows), and an inline keyboard whose `callback_data` is a few bytes (limit 64): the
 * message itself names the question, through the chat's directory (worker/chat/directory.ts).
 */

export const telegramTextLimit = 4096;

/** `callback_data` of each button: `gh1:<action>`. The version lets old buttons be told apart later. */
export const telegramActions = { once: 'gh1:once', session: 'gh1:session', deny: 'gh1:deny' } as const;
export type TelegramAction = keyof typeof telegramActions;

export function actionOf(data: string): TelegramAction | null {
  for (const [action, value] of Object.entries(telegramActions))
    if (value === data) return action as TelegramAction;
  return null;
}

/** Telegram's HTML mode needs exactly these three escaped (core.telegram.org/bots/api#html-style). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const riskMark: Record<ChatQuestion['risk'], string> = {
  safe: '⚪',
  low: '🟢',
  medium: '🟡',
  high: '🟠',
  critical: '🔴',
};

function lines(question: ChatQuestion): { head: string[]; call: string | null; tail: string[] } {
  const head = [
    '<b>Gatehouse: approval needed</b>',
    `Session: <b>${escapeHtml(question.sessionTitle)}</b>`,
    `Risk: ${riskMark[question.risk]} <b>${escapeHtml(question.risk)}</b>`,
  ];
  if (question.tool !== undefined) head.push(`Tool: <code>${escapeHtml(question.tool)}</code>`);
  if (question.summary !== undefined && question.call === undefined)
    head.push(`<code>${escapeHtml(question.summary)}</code>`);
  const tail: string[] = [];
  if (question.reason !== undefined) tail.push(`Why asked: ${escapeHtml(question.reason)}`);
  if (question.evaluator !== undefined) tail.push(`Evaluator: ${escapeHtml(question.evaluator)}`);
  if (question.details === 'none') tail.push('Open Gatehouse to see the call.');
  return { head, call: question.call ?? null, tail };
}

/** Joins the parts; when too long, the call block is cut first (it is the only long part). */
function compose(head: string[], call: string | null, tail: string[], footer: string[]): string {
  const around = [...head, ...tail, ...footer].join('\n').length + 40;
  let block = '';
  if (call !== null) {
    const room = telegramTextLimit - around;
    let text = call;
    while (text.length > 0 && escapeHtml(text).length > room)
      text = text.slice(0, Math.max(0, text.length - 200));
    block = `<pre>${escapeHtml(text)}${text.length < call.length ? '\n…' : ''}</pre>`;
  }
  const text = [...head, ...(block ? [block] : []), ...tail, ...footer].join('\n');
  if (text.length <= telegramTextLimit) return text;
  // Never cut through a tag or an entity: drop the long parts whole instead (the bounds of
  // worker/chat/display.ts keep what is left far below the limit).
  return [...head, ...footer].join('\n').slice(0, telegramTextLimit);
}

export function questionText(question: ChatQuestion): string {
  const { head, call, tail } = lines(question);
  const footer = question.expiresAt ? [`Expires ${question.expiresAt.slice(11, 16)} UTC`] : [];
  return compose(head, call, tail, footer);
}

export function closedText(question: ChatQuestion, outcome: ChatOutcome): string {
  const { head, call, tail } = lines(question);
  const mark = outcome.kind === 'approved' ? '✅' : outcome.kind === 'denied' ? '⛔' : '⌛';
  return compose(head, call, tail, ['', `${mark} <b>${escapeHtml(outcomeText(outcome))}</b>`]);
}

const approveRow = [
  { text: 'Approve once', callback_data: telegramActions.once },
  { text: 'For this session', callback_data: telegramActions.session },
];
const denyRow = [{ text: 'Deny', callback_data: telegramActions.deny }];

/**
 * Approve once / For this session / Deny. "Always" stays in the browser, where the rule preview
 * is. With `pushDetails: "none"` the call is not in the message, so it offers Deny alone: one tap
 * must never approve what the approver could not read (and an Approve pressed anyway is refused,
 * worker/chat/approvable.ts).
 */
export function questionKeyboard(question: Pick<ChatQuestion, 'details'>): InlineKeyboardMarkup {
  return { inline_keyboard: question.details === 'none' ? [denyRow] : [approveRow, denyRow] };
}
