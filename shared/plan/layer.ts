import type { Capability, DefaultPermission, Mode } from '../contract/index.ts';
import type { CompiledRule } from '../rules/index.ts';
import { type CompiledPlan, indexPlanRules, type ShieldAction } from './compile.ts';
import { atLeastAsStrict } from './mode-strictness.ts';
import type { GatedCapability, Verdict } from './source.ts';

const verdictStrength: Record<Verdict, number> = { allow: 0, ask: 1, deny: 2 };
const stricterVerdict = (a: Verdict | undefined, b: Verdict | undefined) =>
  a === undefined ? b : b === undefined ? a : verdictStrength[a] >= verdictStrength[b] ? a : b;

const defaultStrength: Record<DefaultPermission, number> = { allow: 0, allow_reads: 1, ask: 2, deny: 3 };
const shieldStrength: Record<ShieldAction, number> = { off: 0, ask: 1, deny: 2 };
/** Capability order, least to most able: calling a tool `exec` never loosens anything. */
const capabilityStrength: Record<Capability, number> = { read: 0, write: 1, net: 2, exec: 3 };

/** What the session may do beyond tightening. */
export interface SessionAuthority {
  /**
   * The session's loosening (allow rules, `tools: allow`, capability `allow`, `default: allow`)
   * applies: the workspace grants agents that power (`agents.loosen`), or an approver granted
   * it for this one session. Unset: only what tightens applies.
   */
  loosen?: boolean;
}

/** The session's plan on the workspace's, and what of the session's plan was left out. */
export interface LayeredPlan {
  plan: CompiledPlan;
  /** Each loosening the session asked for and does not get, e.g. `allow rule Bash(npm test)`. */
  ignored: string[];
}

/**
 * A session's `tools: {X: allow}`, granted, as an allow rule for exactly that tool: an allow
 * rule is consulted after every ask rule and after plan mode, so a session's tool setting never
 * outranks the workspace's ask and deny rules, as the same setting of the workspace's own does.
 */
function toolAllowRule(tool: string): CompiledRule {
  return {
    text: tool,
    tool,
    behavior: 'allow',
    coverage: { tools: [tool] },
    matches: (target) => target.tool === tool,
  };
}

/**
 * The plan a session runs under (DESIGN §5 "Layering"). The workspace's permissions are managed
 * policy, like Claude Code's managed settings; what the session (its agent) declares applies
 * when it tightens, and when it loosens only with `authority.loosen`:
 * - Deny and ask rules, `tools: deny|ask`, capability `deny|ask`, shield `deny`, a stricter
 *   `default`: always; deny beats ask beats allow whichever layer a rule came from.
 * - Allow rules, `tools: allow` (as an allow rule, see `toolAllowRule`), capability `allow`, a
 *   looser `default`: only with `authority.loosen`, and only where the workspace set nothing —
 *   a value the workspace set is never loosened by a session.
 * - Shield `off`, `allowedModes`, `agents`: workspace settings only, never taken from a session.
 * - Mode: the session's when at least as strict as the workspace's, or one of `agents.modes`.
 * - Timeout: the session's when it set one (both ends fail closed).
 */
export function layerSession(
  workspace: CompiledPlan,
  session: CompiledPlan | null,
  authority: SessionAuthority = {},
): LayeredPlan {
  const loosen = authority.loosen === true;
  if (!session) {
    const labels = loosen || workspace.agents.loosen;
    return {
      plan: labels === workspace.agentLabels ? workspace : { ...workspace, agentLabels: labels },
      ignored: [],
    };
  }
  const ignored: string[] = [];
  const allowRules: CompiledRule[] = [...workspace.rules.allow];
  if (loosen) allowRules.push(...session.rules.allow);
  else for (const rule of session.rules.allow) ignored.push(`allow rule ${rule.text}`);

  const tools = new Map(workspace.tools);
  for (const [tool, verdict] of session.tools) {
    if (verdict !== 'allow') tools.set(tool, stricterVerdict(tools.get(tool), verdict)!);
    else if (tools.has(tool)) continue;
    else if (loosen) allowRules.push(toolAllowRule(tool));
    else ignored.push(`tools.${tool}: allow`);
  }

  // A session naming what a tool does is the agent's label: it applies where it is stricter than
  // the workspace's word, or where the workspace said nothing and agents may loosen.
  const toolCapabilities = new Map(workspace.toolCapabilities);
  for (const [tool, capability] of session.toolCapabilities) {
    const current = toolCapabilities.get(tool);
    if (current !== undefined) {
      if (capabilityStrength[capability] > capabilityStrength[current])
        toolCapabilities.set(tool, capability);
    } else if (loosen || workspace.agents.loosen || capability === 'exec')
      toolCapabilities.set(tool, capability);
    else ignored.push(`toolCapabilities.${tool}: ${capability}`);
  }

  const capabilities: Partial<Record<GatedCapability, Verdict>> = { ...workspace.capabilities };
  for (const [capability, verdict] of Object.entries(session.capabilities) as [GatedCapability, Verdict][]) {
    const current = capabilities[capability];
    if (verdict !== 'allow' || current !== undefined)
      capabilities[capability] = stricterVerdict(current, verdict);
    else if (loosen) capabilities[capability] = verdict;
    else ignored.push(`capabilities.${capability}: allow`);
  }

  let explicitDefault = workspace.explicit.default;
  const asked = session.explicit.default;
  if (asked !== undefined) {
    const stricter = defaultStrength[asked] >= defaultStrength[workspace.default];
    if (stricter || (loosen && explicitDefault === undefined)) explicitDefault = asked;
    else ignored.push(`default: ${asked}`);
  }

  let explicitShield = workspace.explicit.shield;
  const shield = session.explicit.shield;
  if (shield !== undefined) {
    if (shieldStrength[shield] >= shieldStrength[workspace.shield]) explicitShield = shield;
    else ignored.push(`shield: ${shield}`);
  }

  const workspaceMode: Mode = workspace.mode ?? 'default';
  let mode = workspace.mode;
  if (session.mode !== undefined) {
    if (atLeastAsStrict(session.mode, workspaceMode) || workspace.agents.modes.includes(session.mode)) {
      mode = session.mode;
    } else ignored.push(`mode: ${session.mode}`);
  }

  const timeoutSeconds = session.explicit.timeoutSeconds ?? workspace.explicit.timeoutSeconds;
  const rules = {
    deny: [...workspace.rules.deny, ...session.rules.deny],
    ask: [...workspace.rules.ask, ...session.rules.ask],
    allow: allowRules,
  };
  const plan: CompiledPlan = {
    mode,
    default: explicitDefault ?? 'allow_reads',
    shield: explicitShield ?? 'ask',
    timeoutSeconds: timeoutSeconds ?? workspace.timeoutSeconds,
    allowedModes: workspace.allowedModes,
    agents: workspace.agents,
    rules,
    index: indexPlanRules(rules),
    tools,
    toolCapabilities,
    agentLabels: loosen || workspace.agents.loosen,
    capabilities,
    explicit: { default: explicitDefault, shield: explicitShield, timeoutSeconds },
  };
  return { plan, ignored };
}

/** `layerSession`'s plan alone. */
export function layerPlans(
  workspace: CompiledPlan,
  session: CompiledPlan | null,
  authority: SessionAuthority = {},
): CompiledPlan {
  return layerSession(workspace, session, authority).plan;
}
