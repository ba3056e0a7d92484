import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ClaudeHookAck,
  ClaudeHookQuery,
  ClaudePermissionRequestInput,
  ClaudePermissionRequestOutput,
  ClaudePostToolUseInput,
  ClaudePreToolUseInput,
  ClaudePreToolUseOutput,
  ClaudeSessionEndInput,
  ClaudeUserPromptSubmitInput,
} from '../../shared/contract/index.ts';
import { relayId } from '../../shared/digest/relay-id.ts';
import { fromClaudeSuggestions } from '../../shared/grants/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { heldAnswer } from '../http/held-answer.ts';
import { access, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { callerOf } from '../http/session-calls.ts';
import { sessionStub } from '../rpc.ts';
import { permissionRequestAnswer, preToolUseAnswer } from './answers.ts';
import { evaluateHookCall, type HookCall, type HookOutcome, titleFromCwd } from './evaluate.ts';
import { hookResult } from './results.ts';

/**
 * Claude Code's `tool_use_id` (`toolu_…`) is the tool call id, so a resent hook finds the same
 * call. An id outside the relay's id alphabet is hashed into it (still the same id every time);
 * without one, every request is a call of its own.
 */
async function toolCallIdOf(toolUseId: string | undefined): Promise<string> {
  if (toolUseId === undefined) return `pr-${crypto.randomUUID()}`;
  return relayId('tu-', toolUseId);
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
    ...(input.prompt_id === undefined ? {} : { promptId: await relayId('pm-', input.prompt_id) }),
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

const postToolUse = createRoute({
  method: 'post',
  path: '/hooks/claude/post-tool-use',
  summary:
    "Claude Code's PostToolUse / PostToolUseFailure hook: records TOOL_CALL_RESULT (ok or error, duration, output redacted and bounded) for the call with that tool_use_id",
  ...hookAccess,
  request: requestJson(ClaudePostToolUseInput),
  responses: { 200: jsonAnswer(ClaudeHookAck, 'nothing to decide') },
});

const userPromptSubmit = createRoute({
  method: 'post',
  path: '/hooks/claude/user-prompt-submit',
  summary:
    "Claude Code's UserPromptSubmit hook: records the user's request (redacted, bounded) with its prompt_id; every question that follows carries it as `prompt`",
  ...hookAccess,
  request: requestJson(ClaudeUserPromptSubmitInput),
  responses: { 200: jsonAnswer(ClaudeHookAck, 'nothing to decide') },
});

const sessionEnd = createRoute({
  method: 'post',
  path: '/hooks/claude/session-end',
  summary:
    "Claude Code's SessionEnd hook: withdraws every open question of the session (resolution `cancel`)",
  ...hookAccess,
  request: requestJson(ClaudeSessionEndInput),
  responses: { 200: jsonAnswer(ClaudeHookAck, 'nothing to decide') },
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
    return heldHookAnswer(c, call, (outcome) => permissionRequestAnswer(outcome, call));
  })
  .openapi(preToolUse, async (c) => {
    const call = await hookCall(c, c.req.valid('json'), c.req.valid('query'));
    return heldHookAnswer(c, call, (outcome) => preToolUseAnswer(outcome, call));
  })
  .openapi(postToolUse, async (c) => {
    const input = c.req.valid('json');
    const caller = callerOf(c, input.session_id);
    const toolCallId = await toolCallIdOf(input.tool_use_id);
    // A call the relay never saw, or one already reported, records nothing; the hook goes on.
    const recorded = await sessionStub(c.env, caller).reportResult(
      caller,
      toolCallId,
      hookResult(input),
      'hook',
    );
    if (!recorded.ok && recorded.status !== 404 && recorded.status !== 409)
      console.warn('PostToolUse result not recorded', recorded.message);
    return c.json({}, 200);
  })
  .openapi(userPromptSubmit, async (c) => {
    const input = c.req.valid('json');
    const caller = callerOf(c, input.session_id);
    // Without a prompt_id (older Claude Code) each request is its own.
    const id = await relayId('pm-', input.prompt_id ?? `pm-${crypto.randomUUID()}`);
    const recorded = await sessionStub(c.env, caller).recordPrompt(
      caller,
      { id, text: input.prompt },
      titleFromCwd(input.cwd),
    );
    if (!recorded.ok) console.warn('UserPromptSubmit not recorded', recorded.message);
    return c.json({}, 200);
  })
  .openapi(sessionEnd, async (c) => {
    const input = c.req.valid('json');
    const caller = callerOf(c, input.session_id);
    // Nothing to answer: a session of another token, or none, ends with nothing withdrawn.
    await sessionStub(c.env, caller).endSession(caller);
    return c.json({}, 200);
  });

/**
 * The Contract's place for a hook's attestation: a header, since the body is Claude Code's. An
 * answer held for a human streams, so its headers leave before it is known; the command hook then
 * reads the stored attestation from `GET /sessions/{sid}/tool-calls/{tcid}` (docs/attestation.md).
 */
function attestationHeader(outcome: HookOutcome): Record<string, string> {
  const attestation = outcome.kind === 'refused' ? undefined : outcome.state.attestation;
  return attestation ? { 'Gatehouse-Attestation': attestation } : {};
}

/**
 * A hook's answer, held while a human decides; when Claude Code gives up on the hook (its
 * timeout, Ctrl-C, exit), the session hears that its client left and withdraws the question.
 */
function heldHookAnswer<Body>(c: Context<AppEnv>, call: HookCall, render: (outcome: HookOutcome) => Body) {
  const waitId = crypto.randomUUID();
  return heldAnswer(c, {
    answer: evaluateHookCall(c.env, call, waitId),
    render,
    headers: attestationHeader,
    left: () => sessionStub(c.env, call.caller).clientLeft(call.caller, call.toolCallId, waitId),
  });
}
