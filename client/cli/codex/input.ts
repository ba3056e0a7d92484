import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { Identifier } from '../../../shared/contract/index.ts';

/**
 * What Codex CLI hands a command hook on stdin (verified with Codex 0.169–0.171):
 * `session_id`, `turn_id`, `cwd`, `hook_event_name`, `permission_mode`, and for tool events
 * `tool_name` (`Bash` with `{command}`, `apply_patch` with the patch in `command`,
 * `mcp__<server>__<tool>` with its arguments) and `tool_input`; `tool_use_id` only on PreToolUse
 * and PostToolUse. Unknown fields are Codex's business and pass unread.
 */
export const CodexHookInput = z.looseObject({
  session_id: z.string().min(1),
  turn_id: z.string().min(1).optional(),
  cwd: z.string().min(1).optional(),
  hook_event_name: z.string().min(1),
  permission_mode: z.string().optional(),
  tool_name: z.string().min(1).optional(),
  tool_input: z.record(z.string(), z.unknown()).optional(),
  tool_use_id: z.string().optional(),
  tool_response: z.unknown().optional(),
  prompt: z.string().optional(),
});
export type CodexHookInput = z.infer<typeof CodexHookInput>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An id of the relay's alphabet: the value itself when it fits, else `<prefix>-<its hash>`. */
function relayId(value: string, prefix: string): string {
  return Identifier.safeParse(value).success ? value : `${prefix}-${sha256(value).slice(0, 48)}`;
}

/** The relay session of a Codex session: its `session_id` (a UUID), hashed if it does not fit. */
export const sessionIdOf = (input: CodexHookInput) => relayId(input.session_id, 'codex');

/**
 * The tool input the relay evaluates. An apply_patch is sent without a final newline, as
 * PermissionRequest has it, so that both events show the approver the same text.
 */
export function toolInputOf(input: CodexHookInput): Record<string, unknown> {
  const toolInput = input.tool_input ?? {};
  if (input.tool_name === 'apply_patch' && typeof toolInput.command === 'string')
    return { ...toolInput, command: toolInput.command.replace(/\n$/, '') };
  return toolInput;
}

/**
 * The tool call id, derived from the turn, the tool and what it runs — `codex-<turn>-<sha256>` —
 * so PreToolUse and a PermissionRequest for the same call in the same turn (which carries no
 * `tool_use_id`) name the same relay call, and the relay's idempotency hands the second the first
 * one's decision instead of asking again. The command is compared up to a trailing newline
 * (PermissionRequest drops the patch's); other inputs by their canonical JSON. Without a turn id
 * the call cannot be matched across events and stands alone.
 */
export function toolCallIdOf(
  input: CodexHookInput,
  tool: string,
  toolInput: Record<string, unknown>,
): string {
  const command = toolInput.command;
  const what = typeof command === 'string' ? command.replace(/\n$/, '') : (canonicalize(toolInput) ?? '');
  const digest = sha256(`${tool}\0${what}`).slice(0, 40);
  if (input.turn_id === undefined) {
    return input.tool_use_id === undefined
      ? `codex-${digest}-${sha256(`${Date.now()}${Math.random()}`).slice(0, 12)}`
      : relayId(input.tool_use_id, 'codex-tu');
  }
  return `codex-${relayId(input.turn_id, 't').slice(0, 64)}-${digest}`;
}
