import { type AnswerOffer, type EngineToolCall, limits } from '../../shared/contract/index.ts';
import { type CallFacts, callFacts, canEditInput } from '../../shared/engine/index.ts';
import { checkGrantRule, type RuleSuggestion, suggestRules } from '../../shared/grants/index.ts';
import { redactText } from '../../shared/redact/index.ts';

/**
 * What an ask offers its approver, decided once when it is asked — the only time the relay has
 * the call's real input (it keeps the display copy). Rules come from the engine's own parse
 * (`suggestRules`), then from what the agent proposed (Claude Code's `permission_suggestions`),
 * each of those checked like any rule an approver would write. A rule whose text holds a
 * secret is not offered: the offer is stored and shown, and a redacted rule would not be the
 * rule. Editing is offered only when the display copy is the whole input. `known` are the facts
 * the evaluation made of the call.
 */
export function answerOffer(
  call: EngineToolCall,
  displayInput: unknown,
  proposed: readonly string[] = [],
  known: CallFacts | null = null,
): AnswerOffer {
  const editable = canEditInput(displayInput, call.input);
  try {
    // The facts the evaluation made of this call (DESIGN §5: made once per call); made here only
    // when the evaluation could not make them.
    const facts = known ?? callFacts(call);
    const offered: RuleSuggestion[] = suggestRules(call, facts);
    for (const rule of proposed) {
      if (offered.some((choice) => choice.rules.length === 1 && choice.rules[0] === rule)) continue;
      if (checkGrantRule(rule, call, facts).ok) offered.push({ rules: [rule] });
    }
    const suggestions = offered
      .filter((choice) =>
        choice.rules.every((rule) => rule.length <= limits.ruleLength && redactText(rule) === rule),
      )
      .slice(0, limits.ruleSuggestions)
      .map((choice) => ({ rules: [...choice.rules] }));
    return { suggestions, editable };
  } catch (error) {
    // No suggestion is no loss: the approver still has the exact call.
    console.error('rule suggestions failed', error);
    return { suggestions: [], editable };
  }
}

/** The offer as views and events carry it (nothing for a call that never asked). */
export const offerFields = (offer: AnswerOffer | null): AnswerOffer =>
  offer === null ? {} : { suggestions: offer.suggestions ?? [], editable: offer.editable ?? false };
