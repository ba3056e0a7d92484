import { type Classifier, heuristicClassifier, runClassifier } from '../classifier/index.ts';
import type { EngineToolCall, ToolPermissionDecision } from '../contract/index.ts';
import type { CompiledPlan } from '../plan/index.ts';
import { toDisplayCopy } from '../redact/index.ts';
import type { DecisionContext } from './context.ts';
import { type Evaluation, evaluate, toDecision } from './decide.ts';
import type { CallFacts } from './facts.ts';

const defaultClassifierTimeoutMs = 10_000;

/**
 * The engine with its one asynchronous part: `decide`, and in `auto` mode the classifier when
 * the precedence reaches it. The classifier's answer is untrusted: `runClassifier` validates it,
 * and an error, a timeout or an answer out of schema escalates to a human (`ask`). The engine's
 * risk rating stays the decision's `risk`; the classifier contributes confidence, categories,
 * its model id and a plain-text reason.
 */
export async function decideCall(
  plan: CompiledPlan,
  call: EngineToolCall,
  ctx: DecisionContext,
): Promise<ToolPermissionDecision> {
  return (await decideCallWithFacts(plan, call, ctx)).decision;
}

/**
 * `decideCall`, with the facts the engine made of the call (null when it could not make them):
 * made once per call, and reused where the relay needs them again (an ask's offer of rules to
 * save, worker/session/offer.ts) rather than made a second time.
 */
export async function decideCallWithFacts(
  plan: CompiledPlan,
  call: EngineToolCall,
  ctx: DecisionContext,
): Promise<{ decision: ToolPermissionDecision; facts: CallFacts | null }> {
  const { result, facts } = evaluate(plan, call, ctx);
  return { decision: await classified(call, result, facts, ctx), facts };
}

async function classified(
  call: EngineToolCall,
  result: Evaluation['result'],
  facts: CallFacts | null,
  ctx: DecisionContext,
): Promise<ToolPermissionDecision> {
  if (result !== 'classify') return toDecision(call, result, facts);
  const classifier: Classifier = ctx.classifier ?? heuristicClassifier;
  if (!facts) throw new Error('unreachable: classification without facts');
  const outcome = await runClassifier(
    classifier,
    { call, rating: facts.rating, cwd: call.cwd, displayInput: toDisplayCopy(call.input) },
    { timeoutMs: ctx.classifierTimeoutMs ?? defaultClassifierTimeoutMs },
  );
  if (!outcome.ok) {
    const decision = toDecision(
      call,
      {
        behavior: 'ask',
        source: 'auto_classifier',
        evaluator: 'auto_reviewer',
        reasonCode: `auto_classifier_${outcome.error}`,
        reason: `The reviewer could not decide (${outcome.error}), so the call needs approval.`,
      },
      facts,
    );
    decision.reviewerModel = outcome.model;
    return decision;
  }
  const { verdict } = outcome;
  const decision = toDecision(
    call,
    {
      behavior: verdict.behavior,
      source: 'auto_classifier',
      evaluator: 'auto_reviewer',
      reasonCode: `auto_classifier_${verdict.behavior}`,
      reason: verdict.reason,
    },
    facts,
  );
  decision.confidence = verdict.confidence;
  decision.reviewerModel = outcome.model;
  decision.riskCategories = [...new Set([...(decision.riskCategories ?? []), ...verdict.riskCategories])];
  return decision;
}
