import type { Risk } from '../../../shared/contract/index.ts';
import { rulesCover, rulesText } from '../common/rule-words.ts';
import { type Choice, choiceOf } from './answer-choice.ts';
import type { ActionKey } from './card-actions.ts';
import { timeBoxWords } from './time-box.ts';

/**
 * Where an answer asks for a second, explicit click. Approve once (edited or not) and Deny never
 * do: they are the narrow answers. A wider one does when it came from a single key (a stray `s`
 * or `A` must not widen anything), and "Always" or any rule does on a high or critical call
 * whichever way it came. The confirm button names what it allows, so the
 * second click is a decision, not a reflex.
 */
export type AnswerVia = 'click' | 'key';

const risky: readonly Risk[] = ['high', 'critical'];

export function needsConfirm(chosen: ActionKey | Choice, risk: Risk, via: AnswerVia): boolean {
  const choice = choiceOf(chosen);
  if (choice.action === 'allow_once' || choice.action === 'deny') return false;
  if (via === 'key') return true;
  if (!risky.includes(risk)) return false;
  return choice.action === 'allow_always' || (choice.rules?.length ?? 0) > 0;
}

const boxSuffix = (choice: Choice) => {
  const words = choice.timeBox ? timeBoxWords(choice.timeBox) : null;
  return words ? `, ${words}` : '';
};

/** The confirm button's words: what pressing it allows, and for how long. */
export function confirmLabel(chosen: ActionKey | Choice, tool: string): string {
  const choice = choiceOf(chosen);
  const rules = choice.rules && choice.rules.length > 0 ? rulesText(choice.rules) : null;
  switch (choice.action) {
    case 'allow_session':
      return rules
        ? `Allow ${rules} for this session${boxSuffix(choice)}`
        : `Allow this exact ${tool} call for this session${boxSuffix(choice)}`;
    case 'allow_always':
      return rules
        ? `Always allow ${rules}, in every session${boxSuffix(choice)}`
        : `Always allow this exact ${tool} call, in every session${boxSuffix(choice)}`;
    default:
      return `Allow this ${tool} call once`;
  }
}

/** The line above the confirm button: why it asks, and what the grant lets run again. */
export function confirmQuestion(chosen: ActionKey | Choice, risk: Risk): string {
  const choice = choiceOf(chosen);
  const scope =
    choice.action === 'allow_always' ? 'from now on, in every session' : 'for the rest of this session';
  const danger = risky.includes(risk) ? `This call is rated ${risk}. ` : '';
  const what =
    choice.rules && choice.rules.length > 0
      ? `${rulesCover(choice.rules)} run without asking`
      : 'the same call with the same input run again without asking';
  return `${danger}Approving it ${scope}${boxSuffix(choice)} lets ${what}.`;
}

/** A session's switch to this engine mode asks first: Full Access runs every call unreviewed. */
export const modeNeedsConfirm = (engineMode: string) => engineMode === 'bypass';
