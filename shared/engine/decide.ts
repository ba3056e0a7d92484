import type { EngineToolCall, ToolPermissionDecision } from '../contract/index.ts';
import type { CompiledPlan } from '../plan/index.ts';
import type { DecisionContext } from './context.ts';
import { type CallFacts, callFacts } from './facts.ts';
import { precedence, type Ruling, type Step, type StepResult } from './steps.ts';

/** A ruling with the call's id and the engine's risk rating: a full decision. */
export function toDecision(
  call: { toolCallId: string },
  ruling: Ruling,
  facts: CallFacts | null,
): ToolPermissionDecision {
  // A malformed call may have no id at all (or be no object); its decision still needs one.
  const toolCallId = typeof call?.toolCallId === 'string' ? call.toolCallId : 'invalid';
  const risk = facts?.rating.risk ?? 'high';
  const riskCategories = facts?.rating.categories ?? [];
  // Each decision is made in its final shape, with or without `matchedRule`: adding the field
  // afterwards would move every rule decision to a second hidden class.
  if (ruling.matchedRule === undefined) {
    return {
      toolCallId,
      behavior: ruling.behavior,
      source: ruling.source,
      evaluator: ruling.evaluator,
      reasonCode: ruling.reasonCode,
      reason: ruling.reason,
      risk,
      riskCategories,
    };
  }
  return {
    toolCallId,
    behavior: ruling.behavior,
    source: ruling.source,
    evaluator: ruling.evaluator,
    reasonCode: ruling.reasonCode,
    reason: ruling.reason,
    risk,
    riskCategories,
    matchedRule: ruling.matchedRule,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Cheap shape check: `decide` is also called by code that skipped validation. */
function malformed(call: EngineToolCall): string | null {
  if (!isRecord(call)) return 'the tool call is not an object';
  if (typeof call.toolCallId !== 'string') return 'the tool call has no id';
  if (typeof call.tool !== 'string' || call.tool.length === 0) return 'the tool call names no tool';
  if (!isRecord(call.input)) return 'the tool input is not an object';
  if (call.cwd !== undefined && typeof call.cwd !== 'string') return 'cwd is not a string';
  return null;
}

export interface Evaluation {
  result: Exclude<StepResult, undefined>;
  facts: CallFacts | null;
  /** Which step of `precedence` decided. */
  step: string;
}

/**
 * The steps of `precedence`, in its order, each called at a call site of its own in `evaluate`:
 * called in a loop through one site, every step took the generic call path, and none could be
 * inlined. A list of another length stops the engine from loading at all.
 */
const STEPS = 10;
if (precedence.length !== STEPS)
  throw new Error(`evaluate calls ${STEPS} steps in turn; the precedence has ${precedence.length}`);
const [step0, step1, step2, step3, step4, step5, step6, step7, step8, step9] =
  precedence as readonly Step[] as [Step, Step, Step, Step, Step, Step, Step, Step, Step, Step];

/** Walks the precedence list; never throws — an exception is a deny (fail closed). */
export function evaluate(plan: CompiledPlan, call: EngineToolCall, ctx: DecisionContext): Evaluation {
  const problem = malformed(call);
  if (problem) {
    return {
      result: {
        behavior: 'deny',
        source: 'policy',
        evaluator: 'policy',
        reasonCode: 'invalid_call',
        reason: `Denied: ${problem}.`,
      },
      facts: null,
      step: 'validation',
    };
  }
  let facts: CallFacts | null = null;
  try {
    facts = callFacts(call);
    const target = { tool: call.tool, input: call.input, cwd: call.cwd, home: ctx.home };
    // Most plans set no tool at all: then there is nothing to look up.
    const toolVerdict = plan.tools.size === 0 ? undefined : plan.tools.get(call.tool);
    const input = { plan, call, ctx, facts, target, toolVerdict };
    // The n-th line calls the list's n-th step: the order is still only the list's.
    let result = step0.run(input);
    if (result !== undefined) return { result, facts, step: step0.name };
    result = step1.run(input);
    if (result !== undefined) return { result, facts, step: step1.name };
    result = step2.run(input);
    if (result !== undefined) return { result, facts, step: step2.name };
    result = step3.run(input);
    if (result !== undefined) return { result, facts, step: step3.name };
    result = step4.run(input);
    if (result !== undefined) return { result, facts, step: step4.name };
    result = step5.run(input);
    if (result !== undefined) return { result, facts, step: step5.name };
    result = step6.run(input);
    if (result !== undefined) return { result, facts, step: step6.name };
    result = step7.run(input);
    if (result !== undefined) return { result, facts, step: step7.name };
    result = step8.run(input);
    if (result !== undefined) return { result, facts, step: step8.name };
    result = step9.run(input);
    if (result !== undefined) return { result, facts, step: step9.name };
    // mode_fallback always decides; reaching here means a mode the engine does not know.
    throw new Error(`no step decided in mode ${String(ctx.mode)}`);
  } catch {
    return {
      result: {
        behavior: 'deny',
        source: 'policy',
        evaluator: 'policy',
        reasonCode: 'engine_error',
        reason: 'Denied: the call could not be evaluated.',
      },
      facts,
      step: 'error',
    };
  }
}

/**
 * `decide(plan, call, context) → decision`: synchronous and pure (DESIGN §5). In `auto` mode a
 * call that reaches the classifier is an `ask` here; `decideCall` runs the classifier.
 */
export function decide(
  plan: CompiledPlan,
  call: EngineToolCall,
  ctx: DecisionContext,
): ToolPermissionDecision {
  const { result, facts } = evaluate(plan, call, ctx);
  if (result === 'classify') {
    return toDecision(
      call,
      {
        behavior: 'ask',
        source: 'auto_classifier',
        evaluator: 'auto_reviewer',
        reasonCode: 'auto_classifier_unavailable',
        reason: 'No reviewer ran, so the call needs approval.',
      },
      facts,
    );
  }
  return toDecision(call, result, facts);
}
