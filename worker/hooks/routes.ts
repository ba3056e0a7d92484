import { type Context, Hono } from 'hono';
import {
  ClaudeHookQuery,
  ClaudePermissionRequestInput,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseInput,
  ClaudePreToolUseOutput,
  ToolCallId,
} from '../../shared/contract/index.ts';
import { sha256Hex } from '../../shared/digest/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRoleRecentlyChecked } from '../http/auth.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody, parseWith } from '../http/validate.ts';
import type { SessionCaller } from '../session/index.ts';
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

function callerOf(c: Context<AppEnv>, sessionId: string): SessionCaller {
  const principal = c.var.principal;
  return {
    workspaceId: principal.workspaceId,
    sessionId,
    policyVersion: principal.policyVersion,
    actor: principal.role,
    tokenId: principal.tokenId,
    ...(principal.label === undefined ? {} : { label: principal.label }),
  };
}

async function hookCall(
  c: Context<AppEnv>,
  input: ClaudePermissionRequestInput | ClaudePreToolUseInput,
): Promise<HookCall> {
  const query = parseWith(ClaudeHookQuery, c.req.query(), 'hook query');
  return {
    caller: callerOf(c, input.session_id),
    toolCallId: await toolCallIdOf(input.tool_use_id),
    tool: input.tool_name,
    input: input.tool_input,
    ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
    permissionMode: query.mode === 'mirror' ? (input.permission_mode ?? null) : null,
    waitSeconds: query.wait,
  };
}

/**
 * Claude Code's HTTP hooks, answered in its own JSON (DESIGN §7). Only a bad token (401/403) or a
 * body that is not the hook's shape (400/413) is an HTTP error — Claude Code then falls back to
 * its own permission checks. Everything after that is an answer: allow, deny with a message, or
 * (pre-tool-use) ask.
 */
export const hookRoutes = new Hono<AppEnv>()
  .post('/hooks/claude/permission-request', requireRoleRecentlyChecked('agent'), async (c) => {
    const input = await jsonBody(c, ClaudePermissionRequestInput, 'PermissionRequest hook input');
    const call = await hookCall(c, input);
    const outcome = await evaluateHookCall(c.env.SESSION, call);
    return c.json(permissionRequestAnswer(outcome, call));
  })
  .post('/hooks/claude/pre-tool-use', requireRoleRecentlyChecked('agent'), async (c) => {
    const input = await jsonBody(c, ClaudePreToolUseInput, 'PreToolUse hook input');
    const call = await hookCall(c, input);
    const outcome = await evaluateHookCall(c.env.SESSION, call);
    return c.json(preToolUseAnswer(outcome, call));
  });

/** The hook routes for `/openapi.json`. */
export const hookRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/hooks/claude/permission-request',
    role: 'agent',
    summary:
      "Claude Code's PermissionRequest hook: evaluate, wait for a human (`?wait=` 0–300 s, default 300), answer allow (session/always approvals as `updatedPermissions`) or deny with a message",
    request: ClaudePermissionRequestInput,
    response: ClaudePermissionRequestOutput,
  },
  {
    method: 'post',
    path: '/hooks/claude/pre-tool-use',
    role: 'agent',
    summary:
      "Claude Code's PreToolUse hook: allow / deny, or ask when no human answered within `?wait=` (0 hands the question to Claude Code at once); `?mode=relay` ignores Claude Code's permission_mode",
    request: ClaudePreToolUseInput,
    response: ClaudePreToolUseOutput,
  },
];
