import { z } from 'zod';
import { SessionId, ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { ToolInput } from './tool-call.ts';

/**
 * Claude Code's own hook JSON (DESIGN §7), as its hooks reference documents it: what an HTTP
 * hook POSTs and what it reads back from a 2xx answer. Inputs are loose objects: Claude Code
 * adds fields between releases (`model`, `agent_id`, …) and an old relay must not refuse them.
 */

/** `permission_mode`: `default`, `plan`, `acceptEdits`, `dontAsk`, `bypassPermissions`, `auto`; newer names pass through. */
export const ClaudePermissionMode = z.string().min(1).max(limits.labelLength);

const hookCommon = {
  session_id: SessionId,
  transcript_path: z.string().max(limits.cwdLength).optional(),
  cwd: z.string().min(1).max(limits.cwdLength).optional(),
  permission_mode: ClaudePermissionMode.optional(),
  tool_name: ToolName,
  tool_input: ToolInput,
};

/** Claude Code's rule value: `Bash` + `npm test` is the rule `Bash(npm test)`. */
export const ClaudePermissionRuleValue = z.object({
  toolName: z.string().min(1).max(limits.toolNameLength),
  ruleContent: z.string().max(limits.ruleLength).optional(),
});
export type ClaudePermissionRuleValue = z.infer<typeof ClaudePermissionRuleValue>;

/** Where Claude Code keeps a rule it is handed: memory for the session, or a settings file. */
export const ClaudePermissionDestination = z.enum([
  'session',
  'localSettings',
  'projectSettings',
  'userSettings',
  'cliArg',
]);
export type ClaudePermissionDestination = z.infer<typeof ClaudePermissionDestination>;

/** The one kind of permission update the relay sends back: rules to add. */
export const ClaudePermissionUpdate = z.object({
  type: z.literal('addRules'),
  rules: z.array(ClaudePermissionRuleValue).min(1),
  behavior: z.enum(['allow', 'deny', 'ask']),
  destination: ClaudePermissionDestination,
});
export type ClaudePermissionUpdate = z.infer<typeof ClaudePermissionUpdate>;

/** `POST /hooks/claude/permission-request`: Claude Code is about to show its permission dialog. */
export const ClaudePermissionRequestInput = z.looseObject({
  ...hookCommon,
  hook_event_name: z.literal('PermissionRequest'),
  /** Not documented for this event today; used as the tool call id when a release sends it. */
  tool_use_id: z.string().min(1).max(1000).optional(),
  /** Claude Code's own "always allow" offers; read by nobody here (they allow more than one call). */
  permission_suggestions: z.array(z.unknown()).max(100).optional(),
});
export type ClaudePermissionRequestInput = z.infer<typeof ClaudePermissionRequestInput>;

/** `POST /hooks/claude/pre-tool-use`: before every tool call Claude Code's matcher selects. */
export const ClaudePreToolUseInput = z.looseObject({
  ...hookCommon,
  hook_event_name: z.literal('PreToolUse'),
  tool_use_id: z.string().min(1).max(1000),
});
export type ClaudePreToolUseInput = z.infer<typeof ClaudePreToolUseInput>;

/** Query of both hook routes: how long to hold the answer, and whose mode counts. */
export const ClaudeHookQuery = z.object({
  /** Seconds to wait for a human (0–300, default 300); `0` on pre-tool-use hands the question to Claude Code at once. */
  wait: z.coerce.number().min(0).max(limits.waitSeconds).default(limits.waitSeconds),
  /** `mirror`: Claude Code's `permission_mode` becomes the session's mode; `relay`: the session's mode stands. */
  mode: z.enum(['mirror', 'relay']).default('mirror'),
});
export type ClaudeHookQuery = z.infer<typeof ClaudeHookQuery>;

export const ClaudePermissionRequestDecision = z.discriminatedUnion('behavior', [
  z.object({
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedPermissions: z.array(ClaudePermissionUpdate).optional(),
  }),
  z.object({
    behavior: z.literal('deny'),
    /** Shown to Claude as the reason the call did not run. */
    message: z.string(),
    interrupt: z.boolean().optional(),
  }),
]);
export type ClaudePermissionRequestDecision = z.infer<typeof ClaudePermissionRequestDecision>;

export const ClaudePermissionRequestOutput = z.object({
  hookSpecificOutput: z.object({
    hookEventName: z.literal('PermissionRequest'),
    decision: ClaudePermissionRequestDecision,
  }),
});
export type ClaudePermissionRequestOutput = z.infer<typeof ClaudePermissionRequestOutput>;

export const ClaudePreToolUseOutput = z.object({
  hookSpecificOutput: z.object({
    hookEventName: z.literal('PreToolUse'),
    /** `ask` hands the call to Claude Code's own permission prompt. */
    permissionDecision: z.enum(['allow', 'deny', 'ask']),
    /** deny: shown to Claude; ask: shown to the user in the prompt. */
    permissionDecisionReason: z.string(),
    /** allow: the input as the approver edited it; Claude Code runs this one instead. */
    updatedInput: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ClaudePreToolUseOutput = z.infer<typeof ClaudePreToolUseOutput>;
