import type { Interaction, ToolInput } from '../../../shared/contract/index.ts';
import { rulesCover, rulesText } from '../common/rule-words.ts';
import type { Answer } from '../port.ts';
import { type ActionKey, type CardAction, cardActions } from './card-actions.ts';
import { expiresAtFor, type TimeBox, timeBoxWords } from './time-box.ts';

/**
 * One answer as the approver chose it from the menu: a button's action,
 * and optionally a suggested rule saved instead of the exact call, a time box, or an input the
 * approver edited. Turned into the relay's answer body only when it is sent, so a time box is
 * counted from the moment of sending.
 */
export interface Choice {
  action: ActionKey;
  /** A suggestion's rules, saved instead of the exact call (session or always only). */
  rules?: readonly string[];
  /** How long a session or always answer lasts; none by default. */
  timeBox?: TimeBox;
  /** The input as edited before approving (approve once only). */
  updatedInput?: ToolInput;
}

/** A bare action is the choice of that button for the exact call, without a time box. */
export const choiceOf = (choice: ActionKey | Choice): Choice =>
  typeof choice === 'string' ? { action: choice } : choice;

/** Whether the choice grants anything beyond this one call. */
export const isWide = (choice: Choice) =>
  choice.action === 'allow_session' || choice.action === 'allow_always';

/** A suggested rule as the menu shows it: the rule text, what it covers, the scopes offered for it. */
export interface RuleOption {
  rules: string[];
  text: string;
  covers: string;
  actions: ('allow_session' | 'allow_always')[];
}

export interface AnswerMenu {
  /** Approve once / For this session / Always / Deny — for this exact call. */
  exact: CardAction[];
  /** What the exact-call session and always answers cover, when one is offered. */
  exactCovers: string | null;
  rules: RuleOption[];
  /** The time box shows when a session or always answer is offered. */
  timeBox: boolean;
  /** "Edit, then approve": only when the relay says the shown input is the whole input. */
  edit: boolean;
}

type MenuSource = Pick<Interaction, 'actions' | 'suggestions' | 'editable'>;

/**
 * Which answers a question's card offers. A rule is offered only with a scope the relay offers
 * for this question (a rule is never "once"), and editing only when the relay marked the input
 * whole and approving once is offered at all.
 */
export function answerMenu(interaction: MenuSource): AnswerMenu {
  const exact = cardActions(interaction.actions);
  const offered = new Set(exact.map((action) => action.key));
  const wide = (['allow_session', 'allow_always'] as const).filter((key) => offered.has(key));
  const seen = new Set<string>();
  const rules: RuleOption[] = [];
  for (const suggestion of interaction.suggestions ?? []) {
    const key = suggestion.rules.join('\n');
    if (wide.length === 0 || suggestion.rules.length === 0 || seen.has(key)) continue;
    seen.add(key);
    rules.push({
      rules: [...suggestion.rules],
      text: rulesText(suggestion.rules),
      covers: rulesCover(suggestion.rules),
      actions: [...wide],
    });
  }
  return {
    exact,
    exactCovers: wide.length > 0 ? 'For this session / Always: this exact call, with this exact input' : null,
    rules,
    timeBox: wide.length > 0,
    edit: interaction.editable === true && offered.has('allow_once'),
  };
}

const scopeOf = { allow_once: 'once', allow_session: 'session', allow_always: 'global' } as const;

/**
 * The relay's answer body for an approval (deny has its own form): a scope, and only where the
 * relay accepts them the rules (never with once), the time box's end (session/always) and the
 * edited input (once).
 */
export function approvalAnswer(choice: Choice, now: Date): Answer {
  if (choice.action === 'deny') return { decision: 'reject' };
  const answer: Answer = { decision: 'approve', scope: scopeOf[choice.action] };
  if (isWide(choice)) {
    if (choice.rules && choice.rules.length > 0) answer.rules = [...choice.rules];
    const expiresAt = choice.timeBox ? expiresAtFor(choice.timeBox, now) : undefined;
    if (expiresAt !== undefined) answer.expires_at = expiresAt;
  } else if (choice.updatedInput !== undefined) {
    answer.updated_input = choice.updatedInput;
  }
  return answer;
}

/** What the "Sent · …" line adds after the answer's words: the rule, the time box, an edit. */
export function sentDetail(choice: Choice): string[] {
  const detail: string[] = [];
  if (isWide(choice)) {
    if (choice.rules && choice.rules.length > 0) detail.push(rulesText(choice.rules));
    const box = choice.timeBox ? timeBoxWords(choice.timeBox) : null;
    if (box) detail.push(box);
  } else if (choice.updatedInput !== undefined && choice.action === 'allow_once') {
    detail.push('Edited before approval');
  }
  return detail;
}

/**
 * What the card's sent line says of an answer the relay took. The relay decides an edited input
 * again, and an edit a deny rule covers turns the approval into that deny (worker/session/
 * answer.ts): the line then says "Denied" and the relay's reason, never "Approved once" for a
 * call the agent will not run.
 */
export function sentAs(
  choice: Choice,
  answered: Pick<Interaction, 'resolution'>,
): { action: ActionKey; detail: string[] } {
  const resolution = answered.resolution;
  if (choice.action !== 'deny' && resolution?.behavior === 'deny')
    return { action: 'deny', detail: resolution.comment ? [resolution.comment] : [] };
  return { action: choice.action, detail: sentDetail(choice) };
}

/**
 * Whether the question offers this choice: its button is offered, a rule is one the relay
 * suggested (with a scope offered), an edit only where editing is. What the page was told to
 * send is checked again here, right before it is sent.
 */
export function isOffered(interaction: MenuSource, choice: Choice): boolean {
  const menu = answerMenu(interaction);
  if (!menu.exact.some((action) => action.key === choice.action)) return false;
  if (choice.rules !== undefined) {
    const key = choice.rules.join('\n');
    const rule = menu.rules.find((option) => option.rules.join('\n') === key);
    if (!rule || !(rule.actions as string[]).includes(choice.action)) return false;
  }
  if (choice.updatedInput !== undefined && !(menu.edit && choice.action === 'allow_once')) return false;
  return true;
}
