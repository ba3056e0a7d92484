import type { EngineToolCall, ToolPermissionDecision } from '../contract/index.ts';
import type { CompiledPlan } from '../plan/index.ts';
import type { RiskFinding } from '../risk/index.ts';
import type { DecisionContext } from './context.ts';
import { type CallFacts, callFacts } from './facts.ts';
import { withJudgedCapability } from './labels.ts';
import { protectedWriteOf } from './protected-write.ts';
import { precedence, type Ruling, type StepResult } from './steps.ts';

type DecisionFinding = NonNullable<ToolPermissionDecision['findings']>[number];

/** Findings a decision carries (the contract's bound). */
const maxFindings = 6;

/** A finding as the decision carries it: the contract's fields only, in their order. */
const shownFinding = ({ risk, note, category, span }: RiskFinding): DecisionFinding => ({
  risk,
  note,
  ...(category === undefined ? {} : { category }),
  ...(span === undefined ? {} : { span: { start: span.start, end: span.end } }),
});

/** A ruling with the call's id and the engine's risk rating: a full decision. */
export function toDecision(
  call: { toolCallId: string },
  ruling: Ruling,
  facts: CallFacts | null,
): ToolPermissionDecision {
  // A malformed call may have no id at all (or be no object); its decision still needs one.
  const toolCallId = typeof call?.toolCallId === 'string' ? call.toolCallId : 'invalid';
  const { matchedRule, ...rest } = ruling;
  return {
    toolCallId,
    ...rest,
    risk: facts?.rating.risk ?? 'high',
    riskCategories: facts?.rating.categories ?? [],
    ...(matchedRule === undefined ? {} : { matchedRule }),
    // What the rater found, for the approver: the sentence and the characters it is about.
    ...(facts && facts.rating.findings.length > 0
      ? { findings: facts.rating.findings.slice(0, maxFindings).map(shownFinding) }
      : {}),
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
    facts = callFacts(withJudgedCapability(plan, call));
    const target = {
      tool: call.tool,
      input: call.input,
      cwd: call.cwd,
      home: ctx.home,
      shell: facts.shell,
      patch: facts.patch,
    };
    const toolVerdict = plan.tools.get(call.tool);
    const known = facts;
    // Looked for only when a step would allow (most calls never need it), then kept.
    let reached: { path: ReturnType<typeof protectedWriteOf> } | undefined;
    const protectedEdit = () => {
      reached ??= { path: protectedWriteOf(known, call.cwd, ctx.home) };
      return reached.path;
    };
    const input = { plan, call, ctx, facts, target, toolVerdict, protectedEdit };
    for (const step of precedence) {
      const result = step.run(input);
      if (result !== undefined) return { result, facts, step: step.name };
    }
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
