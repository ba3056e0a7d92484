import type { ApprovalAction } from '../../../shared/contract/index.ts';
import type { Answer } from '../port.ts';

/** The four buttons a request card can show, in the order it shows them. */
export const actionKeys = ['allow_once', 'allow_session', 'allow_always', 'deny'] as const;
export type ActionKey = (typeof actionKeys)[number];

export interface CardAction {
  key: ActionKey;
  /** Our own words: the relay's labels are untrusted and vary; the buttons do not. */
  label: string;
  /** What pressing it sends (deny's comment is added by the deny form). */
  answer: Answer;
}

const cardActionFor: Record<ActionKey, CardAction> = {
  allow_once: { key: 'allow_once', label: 'Approve once', answer: { decision: 'approve', scope: 'once' } },
  allow_session: {
    key: 'allow_session',
    label: 'For this session',
    answer: { decision: 'approve', scope: 'session' },
  },
  allow_always: { key: 'allow_always', label: 'Always', answer: { decision: 'approve', scope: 'global' } },
  deny: { key: 'deny', label: 'Deny', answer: { decision: 'reject' } },
};

/**
 * Which button an offered action is. Read from what the relay will do with the answer
 * (behaviour and scope), not from its id, so an action can only ever be offered as what it does.
 */
function keyOf(action: ApprovalAction): ActionKey {
  if (action.behavior === 'deny') return 'deny';
  if (action.scope === 'session') return 'allow_session';
  if (action.scope === 'global') return 'allow_always';
  return 'allow_once';
}

/** The buttons for an interaction's `actions`: only those offered, each once, in a fixed order. */
export function cardActions(actions: readonly ApprovalAction[]): CardAction[] {
  const offered = new Set(actions.map(keyOf));
  return actionKeys.filter((key) => offered.has(key)).map((key) => cardActionFor[key]);
}

/** Deny's answer with the comment, which is left out when it is only whitespace. */
export function denyAnswer(comment: string): Answer {
  const trimmed = comment.trim();
  return trimmed ? { decision: 'reject', comment: trimmed } : { decision: 'reject' };
}
