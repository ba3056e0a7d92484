import type {
  EngineToolCall,
  Mode,
  ToolCallState,
  ToolPermissionDecision,
} from '../../shared/contract/index.ts';
import { type CallFacts, type DecisionContext, decideCallWithFacts } from '../../shared/engine/index.ts';
import type { CompiledPlan } from '../../shared/plan/index.ts';
import { modeInForce } from './modes.ts';
import type { PolicyCache, PolicySnapshot } from './policy.ts';
import type { GrantRecord, SessionMeta } from './records.ts';

export interface Evaluation {
  decision: ToolPermissionDecision;
  /** How long a human has once the ask is active (the layered plan's `timeoutSeconds`). */
  timeoutSeconds: number;
  /** The plan evaluated under, when evaluation got that far. */
  plan: CompiledPlan | null;
  /** What the engine made of the call, once; reused for an ask's offer. Null when it made nothing. */
  facts: CallFacts | null;
}

/** What the relay answers when it cannot evaluate: never allow (DESIGN: fail closed). */
export function failClosedDecision(toolCallId: string, reason: string): ToolPermissionDecision {
  return {
    toolCallId,
    behavior: 'deny',
    source: 'policy',
    evaluator: 'policy',
    reasonCode: 'evaluation_failed',
    reason,
    risk: 'high',
  };
}

/** What evaluating in this session needs besides the call: where the policy and grants come from. */
export interface EvaluationSource {
  policy: PolicyCache;
  policyVersion: number;
  meta: () => SessionMeta | null;
  /** The session's grants as stored; read after the policy is fetched, so a removal applies. */
  sessionGrants: () => readonly GrantRecord[];
  /** The relay's clock (epoch ms): time-boxed grants apply only before their end. */
  now: () => number;
}

/** The session's grant rows as the engine reads them. */
const sessionGrantRecords = (grants: readonly GrantRecord[]) =>
  grants.map((grant) => ({
    id: grant.id,
    kind: grant.kind,
    key: grant.kind === 'call' ? grant.key : null,
    rule: grant.rule,
    scope: 'session' as const,
    expiresAt: grant.expiresAt,
    actor: grant.actor,
  }));

/**
 * The plan and the engine's context for this session now: the workspace policy (fetched again
 * when the caller saw a different version), the session's plan layered on it, the session's
 * mode within the workspace's allowed modes, and every grant of both scopes with the clock.
 * Throws when the workspace cannot be asked (callers fail closed).
 */
export async function decisionContext(
  source: EvaluationSource,
  approvalKey?: string,
): Promise<{ plan: CompiledPlan; ctx: DecisionContext; snapshot: PolicySnapshot }> {
  const snapshot = await source.policy.snapshot(source.policyVersion);
  // Read after the await: the session may have been declared, switched mode or lost a grant meanwhile.
  const meta = source.meta();
  const plan = source.policy.layered(
    snapshot,
    meta?.permissions ?? null,
    meta?.authority.looseningGranted ?? false,
  );
  const selected: Mode = meta?.engineMode ?? plan.mode ?? 'default';
  const now = source.now();
  const ctx: DecisionContext = {
    mode: modeInForce(selected, plan.allowedModes),
    ...(approvalKey === undefined ? {} : { approvalKey }),
    grants: {
      session: source.policy.sessionGrants(sessionGrantRecords(source.sessionGrants()), now),
      global: snapshot.globalGrants,
    },
    now,
  };
  return { plan, ctx, snapshot };
}

/**
 * Decides one call in its session (`decisionContext`), the grants passed to the engine as
 * context — never short-circuited here, so a deny rule added after a grant still wins (DESIGN
 * §5 step 1 before step 7).
 */
export async function evaluateCall(
  options: EvaluationSource & { call: EngineToolCall; approvalKey: string },
): Promise<Evaluation & { snapshot: PolicySnapshot | null }> {
  let snapshot: PolicySnapshot | null = null;
  let plan: CompiledPlan | null = null;
  try {
    const context = await decisionContext(options, options.approvalKey);
    snapshot = context.snapshot;
    plan = context.plan;
    const { decision, facts } = await decideCallWithFacts(plan, options.call, context.ctx);
    return { decision, timeoutSeconds: plan.timeoutSeconds, plan, snapshot, facts };
  } catch (error) {
    console.error('tool call evaluation failed; denying', error);
    return {
      decision: failClosedDecision(
        options.call.toolCallId,
        'The relay could not evaluate this call, so it is denied.',
      ),
      timeoutSeconds: plan?.timeoutSeconds ?? 0,
      plan,
      snapshot,
      facts: null,
    };
  }
}

/** A call the relay could not record: denied, and nothing stored (the agent may retry). */
export function unsavedDenial(call: EngineToolCall, reason: string): ToolCallState {
  return {
    toolCallId: call.toolCallId,
    tool: call.tool,
    outcome: 'deny',
    decision: failClosedDecision(call.toolCallId, reason),
  };
}
