import { z } from 'zod';
import { ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { Risk } from './risk.ts';
import { StepUpSetting } from './step-up.ts';

/**
 * The engine's modes (DESIGN §5 step 10). Claude Code's names are accepted as aliases
 * everywhere a mode is read (`acceptEdits`, `dontAsk`, `bypassPermissions`).
 */
export const Mode = z.enum(['default', 'plan', 'accept_edits', 'bypass', 'dont_ask', 'auto', 'bubble']);
export type Mode = z.infer<typeof Mode>;

export const modeAliases: Record<string, Mode> = {
  acceptEdits: 'accept_edits',
  dontAsk: 'dont_ask',
  bypassPermissions: 'bypass',
  full_access: 'bypass',
};

/** A mode name as written by a user or an agent: one of ours or a Claude Code alias. */
export const ModeName = z
  .string()
  .max(limits.labelLength)
  .transform((name, ctx) => {
    const mode = Mode.safeParse(modeAliases[name] ?? name);
    if (mode.success) return mode.data;
    ctx.addIssue({
      code: 'custom',
      message: `unknown mode "${name}"; expected one of ${Mode.options.join(', ')}`,
    });
    return z.NEVER;
  });

/** The fallback of `default` mode (agenta's per-agent default). */
export const DefaultPermission = z.enum(['allow', 'ask', 'deny', 'allow_reads']);
export type DefaultPermission = z.infer<typeof DefaultPermission>;

export const ToolPermission = z.enum(['allow', 'ask', 'deny', 'inherit']);
export const Capability = z.enum(['read', 'write', 'exec', 'net']);
export type Capability = z.infer<typeof Capability>;
export const CapabilityPermission = z.enum(['allow', 'ask', 'deny']);

/** What the shield does with a call that carries or reads a secret. */
export const ShieldAction = z.enum(['ask', 'deny', 'off']);

/** A rule in Claude Code's syntax: `Tool` or `Tool(specifier)`. Parsed by `shared/rules`. */
export const RuleText = z.string().min(1).max(limits.ruleLength);

const ruleList = z.array(RuleText).max(limits.rules);

/**
 * Native rule object: `{tool: "Bash", permission: "allow", content: "npm test:*"}`. Strict: a key
 * the engine does not read (a misspelt `contents`, a `paths` it would not apply) is refused, never
 * dropped, since a rule applied without part of what its author wrote is another rule.
 */
export const NativeRule = z.strictObject({
  tool: z.string().min(1).max(limits.toolNameLength),
  permission: z.enum(['allow', 'ask', 'deny']),
  content: z.string().max(limits.ruleLength).optional(),
});
export type NativeRule = z.infer<typeof NativeRule>;

const timeoutSeconds = z.number().int().min(limits.timeoutSecondsMin).max(limits.timeoutSecondsMax);

/**
 * When a question reaches phones (docs/push.md "Delivery follows presence"): held
 * `pushAfterSeconds` while an approver is present, at once from `pushAtOnceRisk` up; pushed once
 * more when no device showed it within `receiptSeconds`.
 */
export const DeliverySettings = z.strictObject({
  pushAfterSeconds: z.number().int().min(0).max(600),
  pushAtOnceRisk: Risk,
  receiptSeconds: z.number().int().min(2).max(600),
});
export type DeliverySettings = z.infer<typeof DeliverySettings>;
export const deliveryDefaults: DeliverySettings = {
  pushAfterSeconds: 15,
  pushAtOnceRisk: 'critical',
  receiptSeconds: 30,
};

/** A card offers the rule the relay would suggest after this many approvals of it (0 = never). */
export const SuggestionSettings = z.strictObject({ afterApprovals: z.number().int().min(0).max(100) });
export type SuggestionSettings = z.infer<typeof SuggestionSettings>;
export const suggestionDefaults: SuggestionSettings = { afterApprovals: 3 };

/**
 * A tool's capability as the workspace declares it for every agent (`toolCapabilities`): an
 * unknown tool named here is judged as this capability whatever its agent calls it. Built-in
 * tools keep the relay's own capability; a stricter one here still applies to them.
 */
const toolCapabilities = z
  .record(ToolName, Capability)
  .refine((tools) => Object.keys(tools).length <= limits.toolOverrides, {
    message: `at most ${limits.toolOverrides} tool capabilities`,
  });

/** Gatehouse's own dialect. Every field optional; unset means "inherit the default". */
const nativeFields = {
  mode: ModeName.optional(),
  default: DefaultPermission.optional(),
  rules: z.array(NativeRule).max(limits.rules).optional(),
  tools: z
    .record(ToolName, ToolPermission)
    .refine((tools) => Object.keys(tools).length <= limits.toolOverrides, {
      message: `at most ${limits.toolOverrides} per-tool overrides`,
    })
    .optional(),
  toolCapabilities: toolCapabilities.optional(),
  capabilities: z.partialRecord(z.enum(['write', 'exec', 'net']), CapabilityPermission).optional(),
  shield: ShieldAction.optional(),
  timeoutSeconds: timeoutSeconds.optional(),
  /** Workspace only: modes anyone may select, approvers included (all when unset). */
  allowedModes: z.array(ModeName).max(Mode.options.length).optional(),
  /** Workspace only: what an agent's own declaration may loosen (DESIGN §5 "Layering"). */
  agents: z
    .strictObject({
      /**
       * Allow rules, `tools: allow`, capability `allow`, `default: allow` and an agent's own
       * capability label on an unknown tool from a session apply.
       */
      loosen: z.boolean().optional(),
      /** Modes an agent may switch its session to even when they are looser than the one in force. */
      modes: z.array(ModeName).max(Mode.options.length).optional(),
    })
    .optional(),
  /**
   * Workspace only: what leaves the relay about a question — ids only (`none`; chat: session and
   * risk), the tool and a redacted summary (`summary`, the default), or in chat also the redacted
   * call's first lines, reason and evaluator (`call`; a push carries the summary).
   */
  pushDetails: z.enum(['summary', 'none', 'call']).optional(),
  /** Workspace only: where chat questions go (docs/chat.md); unset → a DM to each linked approver. */
  chat: z
    .strictObject({
      /** A Slack channel (id, or name with #) that gets each question once instead of the DMs. */
      slackChannel: z
        .string()
        .regex(/^#?[A-Za-z0-9._-]{1,80}$/, 'a Slack channel id (C…) or #name')
        .optional(),
    })
    .optional(),
  /** Workspace only: when a question goes to phones (docs/push.md "Delivery follows presence"). */
  delivery: DeliverySettings.partial().optional(),
  /** Workspace only: after how many approvals a card offers the rule (0 = never). */
  suggestions: SuggestionSettings.partial().optional(),
  /** Workspace only: the risk whose approval needs a passkey (docs/attestation.md "Passkeys"). */
  stepUp: StepUpSetting.optional(),
};

/** The native keys only a workspace's own permissions may set (DESIGN §5 "Layering"). */
export const workspaceOnlyKeys = [
  'allowedModes',
  'agents',
  'pushDetails',
  'chat',
  'delivery',
  'suggestions',
  'stepUp',
] as const;

export const NativePermissions = z.strictObject(nativeFields);
export type NativePermissions = z.infer<typeof NativePermissions>;

/**
 * Keys of a Claude Code `settings.json` that are not permissions (its documented settings): a
 * whole settings file is accepted, these are not applied, and the answer lists them (`ignored`).
 * Any other key is refused, so a misspelt policy key is never taken for one of these.
 */
export const claudeSettingsKeys: ReadonlySet<string> = new Set([
  '$schema',
  'apiKeyHelper',
  'attribution',
  'alwaysThinkingEnabled',
  'autoUpdates',
  'autoUpdatesChannel',
  'awsAuthRefresh',
  'awsCredentialExport',
  'cleanupPeriodDays',
  'companyAnnouncements',
  'disableAllHooks',
  'disabledMcpjsonServers',
  'enableAllProjectMcpServers',
  'enabledMcpjsonServers',
  'enabledPlugins',
  'allowedMcpServers',
  'deniedMcpServers',
  'env',
  'extraKnownMarketplaces',
  'feedbackSurveyState',
  'fileSuggestion',
  'forceLoginMethod',
  'forceLoginOrgUUID',
  'hooks',
  'includeCoAuthoredBy',
  'language',
  'model',
  'otelHeadersHelper',
  'outputStyle',
  'plansDirectory',
  'preferredNotifChannel',
  'respectGitignore',
  'sandbox',
  'showTurnDuration',
  'spinnerTipsEnabled',
  'spinnerVerbs',
  'statusLine',
  'subagentStatusLine',
  'theme',
  'verbose',
]);

/** agenta's legacy run-request fields: accepted and not applied, as agenta itself does with old drafts. */
export const agentaLegacyKeys: ReadonlySet<string> = new Set(['permissionPolicy', 'needsApproval']);

/**
 * The `permissions` block: Claude Code settings' `allow`/`deny`/`ask`/`defaultMode` and agenta's
 * `default`/`rules`, alone or together. `additionalDirectories` is accepted and not applied (the
 * answer says so); `disableBypassPermissionsMode: "disable"` removes Full Access from the modes
 * allowed, as it does in Claude Code.
 */
const permissionsBlock = z.strictObject({
  allow: ruleList.optional(),
  deny: ruleList.optional(),
  ask: ruleList.optional(),
  defaultMode: ModeName.optional(),
  additionalDirectories: z.array(z.string().max(limits.cwdLength)).max(50).optional(),
  disableBypassPermissionsMode: z.literal('disable').optional(),
  default: DefaultPermission.optional(),
  rules: z.array(NativeRule).max(limits.rules).optional(),
});

/** Keys of the `permissions` block that are accepted and not applied. */
export const ignoredPermissionsKeys: ReadonlySet<string> = new Set(['additionalDirectories']);

const ignorable = Object.fromEntries(
  [...claudeSettingsKeys, ...agentaLegacyKeys].map((key) => [key, z.unknown().optional()]),
) as Record<string, z.ZodOptional<z.ZodUnknown>>;

/**
 * A permissions config in any dialect, or a mix of them (DESIGN §4, §5 "Authority of
 * declarations"): Gatehouse's native keys at the top, Claude Code's and agenta's under
 * `permissions`. Every key is applied, or accepted-and-listed as not applied (a Claude Code
 * settings file's other settings, agenta's legacy fields, `additionalDirectories`), or refused:
 * nothing is dropped silently. Two keys that say the same thing must agree (`mode` and
 * `permissions.defaultMode`, `default` and `permissions.default`).
 */
export const PermissionsConfig = z
  .strictObject({ ...nativeFields, permissions: permissionsBlock.optional(), ...ignorable })
  .superRefine((config, ctx) => {
    const block = config.permissions;
    if (block?.defaultMode !== undefined && config.mode !== undefined && block.defaultMode !== config.mode)
      ctx.addIssue({
        code: 'custom',
        path: ['permissions', 'defaultMode'],
        message: `"${block.defaultMode}" contradicts mode "${config.mode}"`,
      });
    if (block?.default !== undefined && config.default !== undefined && block.default !== config.default)
      ctx.addIssue({
        code: 'custom',
        path: ['permissions', 'default'],
        message: `"${block.default}" contradicts default "${config.default}"`,
      });
  });
export type PermissionsConfig = z.infer<typeof PermissionsConfig>;

/**
 * The keys of a valid config that are accepted and not applied, as paths (`env`, `hooks`,
 * `permissions.additionalDirectories`), and the config without them: what is stored and shown.
 */
export function applicablePermissions(config: PermissionsConfig): {
  config: PermissionsConfig;
  ignored: string[];
} {
  const ignored: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (claudeSettingsKeys.has(key) || agentaLegacyKeys.has(key)) ignored.push(key);
    else kept[key] = value;
  }
  if (config.permissions) {
    const block: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(config.permissions)) {
      if (ignoredPermissionsKeys.has(key)) ignored.push(`permissions.${key}`);
      else block[key] = value;
    }
    kept.permissions = block;
  }
  return { config: kept as PermissionsConfig, ignored };
}

/** The body of `PUT /permissions`: a config in any dialect or a mix of them. */
export const PermissionsBody = PermissionsConfig;
