import {
  type Capability,
  type DefaultPermission,
  limits,
  type Mode,
  type PermissionsConfig,
} from '../contract/index.ts';
import { type CompiledRule, compileRule, indexRules, RuleError, type RuleIndex } from '../rules/index.ts';
import { PlanError } from './errors.ts';
import { normalize } from './normalize.ts';
import { emptySource, type GatedCapability, type PlanSource, type Verdict } from './source.ts';

export type ShieldAction = 'ask' | 'deny' | 'off';

/**
 * A permissions config ready for `decide`: rules parsed once into matchers, unset values
 * resolved to their defaults. `explicit` keeps what the config itself said, which is what
 * `layerPlans` needs to know ("unset" must not override a workspace's choice).
 */
export interface CompiledPlan {
  readonly mode?: Mode;
  readonly default: DefaultPermission;
  readonly shield: ShieldAction;
  readonly timeoutSeconds: number;
  /** Modes an agent may declare; `null` = all (workspace plans only). */
  readonly allowedModes: readonly Mode[] | null;
  /** What an agent's declaration may loosen (workspace plans only; `layerPlans` reads it). */
  readonly agents: Readonly<{ loosen: boolean; modes: readonly Mode[] }>;
  readonly rules: Readonly<Record<Verdict, readonly CompiledRule[]>>;
  /** `rules` filed by tool and command words, built once with the plan; `decide` matches through it. */
  readonly index: Readonly<Record<Verdict, RuleIndex>>;
  readonly tools: ReadonlyMap<string, Verdict>;
  /** What the workspace says each named tool does, for every agent (`toolCapabilities`). */
  readonly toolCapabilities: ReadonlyMap<string, Capability>;
  /**
   * An agent's own capability label on a tool the relay does not know counts (DESIGN §5
   * "Authority of declarations"): only where agents may loosen (`agents.loosen`, or an approver
   * granted this session its loosening). Otherwise an unknown tool not in `toolCapabilities` is
   * judged as `exec` whatever its agent calls it.
   */
  readonly agentLabels: boolean;
  readonly capabilities: Readonly<Partial<Record<GatedCapability, Verdict>>>;
  readonly explicit: Readonly<{
    default?: DefaultPermission;
    shield?: ShieldAction;
    timeoutSeconds?: number;
  }>;
}

/** The index of each rule list; every plan built from rule lists gets one. */
export function indexPlanRules(
  rules: Readonly<Record<Verdict, readonly CompiledRule[]>>,
): Readonly<Record<Verdict, RuleIndex>> {
  return { allow: indexRules(rules.allow), ask: indexRules(rules.ask), deny: indexRules(rules.deny) };
}

function compileRules(source: PlanSource, problems: { path: string; message: string }[]) {
  const compiled: Record<Verdict, CompiledRule[]> = { allow: [], ask: [], deny: [] };
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    for (const { text, path } of source.rules[behavior]) {
      try {
        compiled[behavior].push(compileRule(text, behavior));
      } catch (error) {
        if (!(error instanceof RuleError)) throw error;
        problems.push({ path, message: error.message });
      }
    }
  }
  return compiled;
}

/** `PlanSource` → `CompiledPlan`; every invalid rule is reported at once in one `PlanError`. */
export function compileSource(source: PlanSource): CompiledPlan {
  const problems: { path: string; message: string }[] = [];
  const ruleCount = source.rules.allow.length + source.rules.ask.length + source.rules.deny.length;
  if (ruleCount > limits.rules)
    problems.push({ path: 'rules', message: `at most ${limits.rules} rules in a plan` });
  const rules = compileRules(source, problems);
  if (problems.length > 0) throw new PlanError(problems);
  return {
    mode: source.mode,
    default: source.default ?? 'allow_reads',
    shield: source.shield ?? 'ask',
    timeoutSeconds: source.timeoutSeconds ?? limits.timeoutSecondsDefault,
    allowedModes: source.allowedModes ?? null,
    agents: { loosen: source.agents?.loosen ?? false, modes: source.agents?.modes ?? [] },
    rules,
    index: indexPlanRules(rules),
    tools: new Map(Object.entries(source.tools)),
    toolCapabilities: new Map(Object.entries(source.toolCapabilities)),
    agentLabels: source.agents?.loosen ?? false,
    capabilities: source.capabilities,
    explicit: { default: source.default, shield: source.shield, timeoutSeconds: source.timeoutSeconds },
  };
}

/** Any dialect (already validated by `PermissionsConfig`) → a compiled plan. No config → the defaults. */
export function compilePlan(config: PermissionsConfig | null | undefined): CompiledPlan {
  return compileSource(config ? normalize(config) : emptySource());
}
