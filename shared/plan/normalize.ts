import { Mode, type NativeRule, type PermissionsConfig } from '../contract/index.ts';
import { emptySource, type PlanSource } from './source.ts';

const ruleText = (rule: NativeRule) =>
  rule.content === undefined ? rule.tool : `${rule.tool}(${rule.content})`;

function addNativeRules(source: PlanSource, rules: readonly NativeRule[] | undefined, path: string) {
  rules?.forEach((rule, i) => {
    source.rules[rule.permission].push({ text: ruleText(rule), path: `${path}.${i}` });
  });
}

/**
 * A config in any dialect, or a mix (DESIGN §4) → one `PlanSource`. Every key the schema
 * applies is read here: the native keys at the top, Claude Code's `allow`/`deny`/`ask`/
 * `defaultMode`/`disableBypassPermissionsMode` and agenta's `default`/`rules` under
 * `permissions`. The schema has made sure the keys that say the same thing agree.
 */
export function normalize(config: PermissionsConfig): PlanSource {
  const source = emptySource();
  const block = config.permissions;
  addNativeRules(source, config.rules, 'rules');
  addNativeRules(source, block?.rules, 'permissions.rules');
  for (const behavior of ['allow', 'ask', 'deny'] as const) {
    block?.[behavior]?.forEach((text, i) => {
      source.rules[behavior].push({ text, path: `permissions.${behavior}.${i}` });
    });
  }
  for (const [tool, permission] of Object.entries(config.tools ?? {})) {
    // `inherit` is the same as not naming the tool: the default decides.
    if (permission !== 'inherit') source.tools[tool] = permission;
  }
  source.toolCapabilities = { ...config.toolCapabilities };
  source.capabilities = { ...config.capabilities };
  source.mode = config.mode ?? block?.defaultMode;
  source.default = config.default ?? block?.default;
  source.shield = config.shield;
  source.timeoutSeconds = config.timeoutSeconds;
  source.allowedModes = config.allowedModes;
  if (block?.disableBypassPermissionsMode === 'disable')
    source.allowedModes = (source.allowedModes ?? Mode.options).filter((mode) => mode !== 'bypass');
  source.agents = config.agents;
  return source;
}
