import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ClaudeHookQuery,
  ClaudePermissionRequestInput,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseInput,
  ClaudePreToolUseOutput,
  ToolCallId,
} from '../../shared/contract/index.ts';
import { sha256Hex } from '../../shared/digest/index.ts';
import { fromClaudeSuggestions } from '../../shared/grants/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { access, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { callerOf } from '../http/session-calls.ts';
import { permissionRequestAnswer, preToolUseAnswer } from './answers.ts';
import { evaluateHookCall, type HookCall } from './evaluate.ts';

/**
 * Claude Code's `tool_use_id` (`toolu_…`) is the tool call id, so a resent hook finds the same
 * call. An id outside the relay's id alphabet is hashed into it (still the same id every time);
 * without one, every request is a call of its own.
 */
async function toolCallIdOf(toolUseId: string | undefined): Promise<string> {
  if (toolUseId === undefined) return `pr-${crypto.randomUUID()}`;
  if (ToolCallId.safeParse(toolUseId).success) return toolUseId;
  return `tu-${(await sha256Hex(toolUseId)).slice(0, 48)}`;
}

async function hookCall(
  c: Context<AppEnv>,
  input: ClaudePermissionRequestInput | ClaudePreToolUseInput,
  query: ClaudeHookQuery,
): Promise<HookCall> {
  return {
    caller: callerOf(c, input.session_id),
    toolCallId: await toolCallIdOf(input.tool_use_id),
    tool: input.tool_name,
    input: input.tool_input,
    ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
    permissionMode: query.mode === 'mirror' ? (input.permission_mode ?? null) : null,
    waitSeconds: query.wait,
    ...('permission_suggestions' in input
      ? { proposedRules: fromClaudeSuggestions(input.permission_suggestions) }
      : {}),
  };
}

const hookAccess = access(['agent'], { recentlyChecked: true });

const permissionRequest = createRoute({
  method: 'post',
  path: '/hooks/claude/permission-request',
  summary:
    "Claude Code's PermissionRequest hook: evaluate, wait for a human (`?wait=` 0–300 s, default 300), answer allow (session/always approvals as `updatedPermissions`) or deny with a message",
  ...hookAccess,
  request: { query: ClaudeHookQuery, ...requestJson(ClaudePermissionRequestInput) },
  responses: { 200: jsonAnswer(ClaudePermissionRequestOutput, "Claude Code's hook answer") },
});

const preToolUse = createRoute({
  method: 'post',
  path: '/hooks/claude/pre-tool-use',
  summary:
    "Claude Code's PreToolUse hook: allow / deny, or ask when no human answered within `?wait=` (0 hands the question to Claude Code at once); `?mode=relay` ignores Claude Code's permission_mode",
  ...hookAccess,
  request: { query: ClaudeHookQuery, ...requestJson(ClaudePreToolUseInput) },
  responses: { 200: jsonAnswer(ClaudePreToolUseOutput, "Claude Code's hook answer") },
});

/**
 * Claude Code's HTTP hooks, answered in its own JSON (DESIGN §7). Only a bad token (401/403) or a
 * body that is not the hook's shape (400/413) is an HTTP error — Claude Code then falls back to
 * its own permission checks. Everything after that is an answer: allow, deny with a message, or
 * (pre-tool-use) ask.
 */
export const hookRoutes = openApiRoutes()
  .openapi(permissionRequest, async (c) => {
    const call = await hookCall(c, c.req.valid('json'), c.req.valid('query'));
    const outcome = await evaluateHookCall(c.env, call);
    return c.json(permissionRequestAnswer(outcome, call), 200);
  })
  .openapi(preToolUse, async (c) => {
    const call = await hookCall(c, c.req.valid('json'), c.req.valid('query'));
    const outcome = await evaluateHookCall(c.env, call);
    return c.json(preToolUseAnswer(outcome, call), 200);
  });
