import type { Interaction } from '../../../shared/contract/index.ts';
import { ruleCovers } from '../common/rule-words.ts';
import { type Choice, isOffered } from './answer-choice.ts';

/**
 * The rule the relay learned from the approver (`learned: {rule, approvals}` on the question,
 * docs/approver-ui.md "Learned rules"), offered as "You approved `npm test` 3 times — allow
 * `Bash(npm test:*)` always?". Accepting it is the menu's "Always" with that rule — the same
 * preview (what it covers) and the same confirmation (friction.ts) — so it is offered only where
 * that answer is: "Always" offered for this question and the rule one the relay suggested for it.
 */
export interface LearnedOffer {
  rule: string;
  approvals: number;
  /** What was approved, as the sentence names it: a Bash rule's command, else the rule. */
  subject: string;
  covers: string;
  choice: Choice;
}

type OfferSource = Pick<Interaction, 'actions' | 'suggestions' | 'editable' | 'learned'>;

/** `Bash(npm test:*)` and `Bash(npm test)` → `npm test`; any other rule is named as itself. */
export function learnedSubject(rule: string): string {
  const bash = /^Bash\((.+?)(?::\*| \*)?\)$/s.exec(rule);
  return bash && !bash[1]!.includes('*') ? bash[1]! : rule;
}

export function learnedOffer(interaction: OfferSource): LearnedOffer | null {
  const learned = interaction.learned;
  if (!learned) return null;
  const choice: Choice = { action: 'allow_always', rules: [learned.rule] };
  if (!isOffered(interaction, choice)) return null;
  return {
    rule: learned.rule,
    approvals: learned.approvals,
    subject: learnedSubject(learned.rule),
    covers: ruleCovers(learned.rule),
    choice,
  };
}
