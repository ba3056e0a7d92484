import type { DefaultPermission } from '../contract/index.ts';
import { type CompiledPlan, indexPlanRules, type ShieldAction } from './compile.ts';
import type { GatedCapability, Verdict } from './source.ts';

const verdictStrength: Record<Verdict, number> = { allow: 0, ask: 1, deny: 2 };
const stricterVerdict = (a: Verdict | undefined, b: Verdict | undefined) =>
  a === undefined ? b : b === undefined ? a : verdictStrength[a] >= verdictStrength[b] ? a : b;

const defaultStrength: Record<DefaultPermission, number> = { allow: 0, allow_reads: 1, ask: 2, deny: 3 };
const shieldStrength: Record<ShieldAction, number> = { off: 0, ask: 1, deny: 2 };

/**
 * The plan a session runs under: the workspace's permissions are managed policy (like Claude
 * Code's managed settings, DESIGN §5 "Layering"), the session's own plan adds to them.
 * - Rules: both lists apply; deny beats ask beats allow whichever layer a rule came from, so
 *   no session can remove a workspace deny or ask rule.
 * - Per-tool, capability, default and shield: where both layers set a value, the stricter one
 *   holds; where only one does, that one.
 * - Mode and timeout: the session's when it set them (its agent mirrors what the user chose),
 *   within the workspace's `allowedModes`, which only the workspace sets.
 */
export function layerPlans(workspace: CompiledPlan, session: CompiledPlan | null): CompiledPlan {
  if (!session) return workspace;
  const tools = new Map(workspace.tools);
  for (const [tool, verdict] of session.tools) tools.set(tool, stricterVerdict(tools.get(tool), verdict)!);
  const capabilities: Partial<Record<GatedCapability, Verdict>> = { ...workspace.capabilities };
  for (const [capability, verdict] of Object.entries(session.capabilities) as [GatedCapability, Verdict][]) {
    capabilities[capability] = stricterVerdict(capabilities[capability], verdict);
  }
  const pick = <T extends string>(a: T | undefined, b: T | undefined, strength: Record<T, number>) =>
    a === undefined ? b : b === undefined ? a : strength[a] >= strength[b] ? a : b;
  const explicitDefault = pick(workspace.explicit.default, session.explicit.default, defaultStrength);
  const explicitShield = pick(workspace.explicit.shield, session.explicit.shield, shieldStrength);
  const timeoutSeconds = session.explicit.timeoutSeconds ?? workspace.explicit.timeoutSeconds;
  const rules = {
    deny: [...workspace.rules.deny, ...session.rules.deny],
    ask: [...workspace.rules.ask, ...session.rules.ask],
    allow: [...workspace.rules.allow, ...session.rules.allow],
  };
  return {
    mode: session.mode ?? workspace.mode,
    default: explicitDefault ?? 'allow_reads',
    shield: explicitShield ?? 'ask',
    timeoutSeconds: timeoutSeconds ?? workspace.timeoutSeconds,
    allowedModes: workspace.allowedModes,
    rules,
    index: indexPlanRules(rules),
    tools,
    capabilities,
    explicit: { default: explicitDefault, shield: explicitShield, timeoutSeconds },
  };
}
