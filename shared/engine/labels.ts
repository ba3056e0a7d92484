import type { Capability, EngineToolCall } from '../contract/index.ts';
import type { CompiledPlan } from '../plan/index.ts';
import { isKnownTool } from '../tools/catalog.ts';

/** Capability order, least to most able. */
const strength: Record<Capability, number> = { read: 0, write: 1, net: 2, exec: 3 };

const stricter = (a: Capability | undefined, b: Capability | undefined) =>
  a === undefined ? b : b === undefined ? a : strength[a] >= strength[b] ? a : b;

/**
 * The capability a call is judged as (DESIGN §5 "Authority of declarations"). An agent's label
 * is a declaration like any other: on a tool the relay knows it can only make it stricter
 * (`toolFacts` sees to that); on an unknown tool it is a loosening, so it counts only where the
 * plan lets agents loosen (`agentLabels`). The workspace's own table (`toolCapabilities`)
 * names what a tool does for everyone; an agent's stricter label still applies on top of it.
 * Unknown, unlabelled, or labelled without that power: `exec` (never the read path).
 */
export function judgedCapability(plan: CompiledPlan, call: EngineToolCall): Capability | undefined {
  const declared = call.capability;
  const table = plan.toolCapabilities.size === 0 ? undefined : plan.toolCapabilities.get(call.tool);
  if (isKnownTool(call.tool)) return stricter(table, declared);
  if (table !== undefined) return stricter(table, declared);
  if (declared === undefined || plan.agentLabels) return declared;
  return 'exec';
}

/** The call as the engine judges it: the same object when the label stands as sent. */
export function withJudgedCapability(plan: CompiledPlan, call: EngineToolCall): EngineToolCall {
  const capability = judgedCapability(plan, call);
  return capability === call.capability ? call : { ...call, capability };
}
