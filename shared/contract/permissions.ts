import { z } from 'zod';
import { ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { Risk } from './risk.ts';

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

/** Native rule object: `{tool: "Bash", permission: "allow", content: "npm test:*"}`. */
export const NativeRule = z.object({
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

/** Gatehouse's own dialect. Every field optional; unset means "inherit the default". */
export const NativePermissions = z.strictObject({
  mode: ModeName.optional(),
  default: DefaultPermission.optional(),
  rules: z.array(NativeRule).max(limits.rules).optional(),
  tools: z
    .record(ToolName, ToolPermission)
    .refine((tools) => Object.keys(tools).length <= limits.toolOverrides, {
      message: `at most ${limits.toolOverrides} per-tool overrides`,
    })
    .optional(),
  capabilities: z.partialRecord(z.enum(['write', 'exec', 'net']), CapabilityPermission).optional(),
  shield: ShieldAction.optional(),
  timeoutSeconds: timeoutSeconds.optional(),
  /** Workspace only: modes anyone may select, approvers included (all when unset). */
  allowedModes: z.array(ModeName).max(Mode.options.length).optional(),
  /** Workspace only: what an agent's own declaration may loosen (DESIGN §5 "Layering"). */
  agents: z
    .strictObject({
      /** Allow rules, `tools: allow`, capability `allow` and `default: allow` from a session apply. */
      loosen: z.boolean().optional(),
      /** Modes an agent may switch its session to even when they are looser than the one in force. */
      modes: z.array(ModeName).max(Mode.options.length).optional(),
    })
    .optional(),
  /** Workspace only: what a Web Push carries — the tool and a redacted summary, or ids only. */
  pushDetails: z.enum(['summary', 'none']).optional(),
  /** Workspace only: when a question goes to phones (docs/push.md "Delivery follows presence"). */
  delivery: DeliverySettings.partial().optional(),
  /** Workspace only: after how many approvals a card offers the rule (0 = never). */
  suggestions: SuggestionSettings.partial().optional(),
});
export type NativePermissions = z.infer<typeof NativePermissions>;

/**
 * agenta's run-request shape. Its legacy `permissionPolicy` / `needsApproval` fields are
 * accepted and ignored, as agenta itself does with old drafts.
 */
export const AgentaPermissions = z.object({
  permissions: z.strictObject({
    default: DefaultPermission.optional(),
    rules: z.array(NativeRule).max(limits.rules).optional(),
  }),
  permissionPolicy: z.unknown().optional(),
  needsApproval: z.unknown().optional(),
});
export type AgentaPermissions = z.infer<typeof AgentaPermissions>;

/** Claude Code settings.json: `{permissions: {allow, deny, ask, defaultMode}}`. */
export const ClaudeSettingsPermissions = z.object({
  // Strict inside, so an agenta body (`permissions.default`) is never mistaken for an empty one.
  permissions: z.strictObject({
    allow: ruleList.optional(),
    deny: ruleList.optional(),
    ask: ruleList.optional(),
    defaultMode: ModeName.optional(),
    additionalDirectories: z.array(z.string().max(limits.cwdLength)).max(50).optional(),
    disableBypassPermissionsMode: z.string().max(limits.labelLength).optional(),
  }),
});
export type ClaudeSettingsPermissions = z.infer<typeof ClaudeSettingsPermissions>;

/**
 * Any of the three dialects. Claude Code settings are told apart from agenta by their
 * `allow`/`deny`/`ask` lists; the native dialect has no `permissions` key at all.
 */
export const PermissionsConfig = z.union([NativePermissions, ClaudeSettingsPermissions, AgentaPermissions]);
export type PermissionsConfig = z.infer<typeof PermissionsConfig>;

/** The dialect of a permissions config, told by shape (DESIGN §4's three dialects). */
export type PermissionsDialect = 'native' | 'agenta' | 'claude';

/**
 * No `permissions` key → native; `permissions.default|rules` → agenta; else Claude Code settings.
 * Used on raw input (to validate against the one schema that names the real problem) and by
 * the plan normalizer, so both tell dialects apart the same way.
 */
export function permissionsDialect(value: unknown): PermissionsDialect {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('permissions' in value)) {
    return 'native';
  }
  const inner = value.permissions;
  if (typeof inner === 'object' && inner !== null && ('default' in inner || 'rules' in inner))
    return 'agenta';
  return 'claude';
}

export const permissionsDialects = {
  native: NativePermissions,
  agenta: AgentaPermissions,
  claude: ClaudeSettingsPermissions,
} as const;

/**
 * The body of `PUT /permissions`: a config in any dialect, checked first against the one schema
 * of its dialect, so a 400 names the real problem rather than the union's; documented as the
 * union of the three.
 */
export const PermissionsBody = z.preprocess((value, ctx) => {
  const parsed = permissionsDialects[permissionsDialect(value)].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
  return value;
}, PermissionsConfig);
