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

/** Claude Code's id of the user's prompt a hook belongs to; any string, mapped into the relay's ids. */
const ClaudePromptId = z.string().min(1).max(1000);

/** What every hook event sends. */
const eventCommon = {
  session_id: SessionId,
  transcript_path: z.string().max(limits.cwdLength).optional(),
  cwd: z.string().min(1).max(limits.cwdLength).optional(),
  permission_mode: ClaudePermissionMode.optional(),
  prompt_id: ClaudePromptId.optional(),
};

const hookCommon = {
  ...eventCommon,
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

/**
 * `POST /hooks/claude/post-tool-use`: a tool call ran (`PostToolUse`) or failed
 * (`PostToolUseFailure`). Its output is recorded redacted and bounded (`TOOL_CALL_RESULT`).
 */
export const ClaudePostToolUseInput = z.looseObject({
  ...hookCommon,
  hook_event_name: z.enum(['PostToolUse', 'PostToolUseFailure']),
  tool_use_id: z.string().min(1).max(1000),
  /** What the tool answered (any JSON); a failure's text comes in `error`. */
  tool_response: z.unknown().optional(),
  error: z.string().optional(),
  duration_ms: z.number().min(0).optional(),
});
export type ClaudePostToolUseInput = z.infer<typeof ClaudePostToolUseInput>;

/** `POST /hooks/claude/user-prompt-submit`: the user's request, shown beside every question it leads to. */
export const ClaudeUserPromptSubmitInput = z.looseObject({
  ...eventCommon,
  hook_event_name: z.literal('UserPromptSubmit'),
  prompt: z.string(),
});
export type ClaudeUserPromptSubmitInput = z.infer<typeof ClaudeUserPromptSubmitInput>;

/** `POST /hooks/claude/session-end`: Claude Code's session ended; its open questions are withdrawn. */
export const ClaudeSessionEndInput = z.looseObject({
  ...eventCommon,
  hook_event_name: z.literal('SessionEnd'),
  reason: z.string().max(limits.labelLength).optional(),
});
export type ClaudeSessionEndInput = z.infer<typeof ClaudeSessionEndInput>;

/** The answer of the hooks that decide nothing: an empty object, which Claude Code reads as "go on". */
export const ClaudeHookAck = z.object({});

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
