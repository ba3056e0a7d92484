import type { Risk } from '../../shared/contract/index.ts';
import type { ActionKey } from './card-actions.ts';

/**
 * Where an answer asks for a second, explicit click. Approve once and Deny never do: they are
 * the narrow answers. A wider one does when it came from a single key (a stray `s` or `A` must
 * not widen anything), and "Always" does on a high or critical call whichever way it came. The
 * confirm button names what it allows, so the second click is a decision, not a reflex.
 */
export type AnswerVia = 'click' | 'key';

const risky: readonly Risk[] = ['high', 'critical'];

export function needsConfirm(action: ActionKey, risk: Risk, via: AnswerVia): boolean {
  if (action === 'allow_once' || action === 'deny') return false;
  if (via === 'key') return true;
  return action === 'allow_always' && risky.includes(risk);
}

/** The confirm button's words: what pressing it allows, and for how long. */
export function confirmLabel(action: ActionKey, tool: string): string {
  switch (action) {
    case 'allow_session':
      return `Allow this exact ${tool} call for this session`;
    case 'allow_always':
      return `Always allow this exact ${tool} call, in every session`;
    default:
      return `Allow this ${tool} call once`;
  }
}

/** The line above the confirm button: why it asks, and that the grant covers only identical calls. */
export function confirmQuestion(action: ActionKey, risk: Risk): string {
  const scope = action === 'allow_always' ? 'from now on, in every session' : 'for the rest of this session';
  const danger = risky.includes(risk) ? `This call is rated ${risk}. ` : '';
  return `${danger}Approving it ${scope} lets the same call with the same input run again without asking.`;
}

/** A session's switch to this engine mode asks first: Full Access runs every call unreviewed. */
export const modeNeedsConfirm = (engineMode: string) => engineMode === 'bypass';
