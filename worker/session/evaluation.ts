import type {
  EngineToolCall,
  Mode,
  ToolCallState,
  ToolPermissionDecision,
} from '../../shared/contract/index.ts';
import { decideCall } from '../../shared/engine/index.ts';
import type { CompiledPlan } from '../../shared/plan/index.ts';
import { modeInForce } from './modes.ts';
import type { PolicyCache, PolicySnapshot } from './policy.ts';
import type { SessionMeta } from './records.ts';

export interface Evaluation {
  decision: ToolPermissionDecision;
  /** How long a human has once the ask is active (the layered plan's `timeoutSeconds`). */
  timeoutSeconds: number;
  /** The plan evaluated under, when evaluation got that far. */
  plan: CompiledPlan | null;
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

/**
 * Decides one call: the workspace policy (fetched again when the caller saw a different
 * version), the session's plan layered on it, the session's mode within the workspace's allowed
 * modes, and the grants passed to the engine as context — never short-circuited here, so a deny
 * rule added after a grant still wins (DESIGN §5 step 1 before step 7).
 */
export async function evaluateCall(options: {
  policy: PolicyCache;
  policyVersion: number;
  meta: () => SessionMeta | null;
  call: EngineToolCall;
  approvalKey: string;
  sessionGrants: () => ReadonlySet<string>;
}): Promise<Evaluation & { snapshot: PolicySnapshot | null }> {
  let snapshot: PolicySnapshot | null = null;
  let plan: CompiledPlan | null = null;
  try {
    snapshot = await options.policy.snapshot(options.policyVersion);
    // Read after the await: the session may have been declared or switched mode meanwhile.
    const meta = options.meta();
    plan = options.policy.layered(
      snapshot,
      meta?.permissions ?? null,
      meta?.authority.looseningGranted ?? false,
    );
    const selected: Mode = meta?.engineMode ?? plan.mode ?? 'default';
    const decision = await decideCall(plan, options.call, {
      mode: modeInForce(selected, plan.allowedModes),
      approvalKey: options.approvalKey,
      sessionGrants: options.sessionGrants(),
      globalGrants: snapshot.globalGrants,
    });
    return { decision, timeoutSeconds: plan.timeoutSeconds, plan, snapshot };
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
