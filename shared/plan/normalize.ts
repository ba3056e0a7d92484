import {
  type AgentaPermissions,
  type ClaudeSettingsPermissions,
  type NativePermissions,
  type NativeRule,
  type PermissionsConfig,
  permissionsDialect,
} from '../contract/index.ts';
import { emptySource, type PlanSource } from './source.ts';

const ruleText = (rule: NativeRule) =>
  rule.content === undefined ? rule.tool : `${rule.tool}(${rule.content})`;

function addNativeRules(source: PlanSource, rules: readonly NativeRule[] | undefined, path: string) {
  rules?.forEach((rule, i) => {
    source.rules[rule.permission].push({ text: ruleText(rule), path: `${path}.${i}` });
  });
}

function fromNative(config: NativePermissions): PlanSource {
  const source = emptySource();
  addNativeRules(source, config.rules, 'rules');
  for (const [tool, permission] of Object.entries(config.tools ?? {})) {
    // `inherit` is the same as not naming the tool: the default decides.
    if (permission !== 'inherit') source.tools[tool] = permission;
  }
  source.capabilities = { ...config.capabilities };
  source.mode = config.mode;
  source.default = config.default;
  source.shield = config.shield;
  source.timeoutSeconds = config.timeoutSeconds;
  source.allowedModes = config.allowedModes;
  source.agents = config.agents;
  return source;
}

function fromAgenta(config: AgentaPermissions): PlanSource {
  // agenta's legacy `permissionPolicy` / `needsApproval` are ignored on purpose, as agenta does.
  const source = emptySource();
  source.default = config.permissions.default;
  addNativeRules(source, config.permissions.rules, 'permissions.rules');
  return source;
}

function fromClaude(config: ClaudeSettingsPermissions): PlanSource {
  const source = emptySource();
  for (const behavior of ['allow', 'ask', 'deny'] as const) {
    config.permissions[behavior]?.forEach((text, i) => {
      source.rules[behavior].push({ text, path: `permissions.${behavior}.${i}` });
    });
  }
  source.mode = config.permissions.defaultMode;
  return source;
}

/**
 * Any of the three dialects (DESIGN §4) → one `PlanSource`. The dialect is told by shape:
 * Claude Code settings carry `permissions.allow|deny|ask|defaultMode`, agenta carries
 * `permissions.default|rules`, and the native dialect has no `permissions` key.
 */
export function normalize(config: PermissionsConfig): PlanSource {
  switch (permissionsDialect(config)) {
    case 'native':
      return fromNative(config as NativePermissions);
    case 'agenta':
      return fromAgenta(config as AgentaPermissions);
    case 'claude':
      return fromClaude(config as ClaudeSettingsPermissions);
  }
}
