import type { ClaudePostToolUseInput, ToolCallResultRequest } from '../../shared/contract/index.ts';

const flagged = (response: unknown, key: string, value: boolean) =>
  typeof response === 'object' && response !== null && (response as Record<string, unknown>)[key] === value;

/**
 * What Claude Code's PostToolUse (or PostToolUseFailure) hook says ran, as a tool call result:
 * an error when the call failed or its answer says so (`is_error`, `success: false`,
 * `interrupted`), its output the tool's answer as text. The session redacts and bounds the output
 * before anything is stored (the whole text is redacted first, so no secret is cut in half).
 */
export function hookResult(input: ClaudePostToolUseInput): ToolCallResultRequest {
  const response = input.tool_response;
  const failed =
    input.hook_event_name === 'PostToolUseFailure' ||
    flagged(response, 'is_error', true) ||
    flagged(response, 'success', false) ||
    flagged(response, 'interrupted', true);
  const output =
    input.error ??
    (response === undefined ? undefined : typeof response === 'string' ? response : JSON.stringify(response));
  return {
    status: failed ? 'error' : 'ok',
    ...(output === undefined ? {} : { output }),
    ...(input.duration_ms === undefined ? {} : { duration_ms: input.duration_ms }),
  };
}
