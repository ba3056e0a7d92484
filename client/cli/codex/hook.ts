import { refusedText, unavailableText } from '../../../shared/answers/index.ts';
import { limits, type ToolCallState } from '../../../shared/contract/index.ts';
import { type GatehouseClient, GatehouseError } from '../../sdk/index.ts';
import { decide } from '../decide.ts';
import {
  allowEditNote,
  denyReason,
  permissionRequestAnswer,
  preToolUseDeny,
  preToolUseEdited,
} from './answers.ts';
import { approvedEdit, defaultEditsDir, noteEdit } from './edits.ts';
import { CodexHookInput, sessionIdOf, toolCallIdOf, toolInputOf } from './input.ts';
import { declarationOf } from './mode.ts';

/** `--on-error` for Codex: `none` (Codex's own sandbox and policy decide) or `deny`. Codex has no ask. */
export type CodexOnError = 'none' | 'deny';

export interface CodexHookOptions {
  onError: CodexOnError;
  /** How long a question is held for a human before it is withdrawn and the call denied (≤ 300 s). */
  waitSeconds: number;
  /** Where PreToolUse leaves PermissionRequest the pointer to an edited approval (see edits.ts). */
  editsDir?: string;
}

export interface CodexHookIo {
  stdin: string;
  write(text: string): void;
  warn(text: string): void;
}

/** Past the human's wait, how long the relay's last answers (the withdrawal) may take. */
const marginMs = 20_000;

/** The relay could not be reached, or failed without deciding: no decision (unless --on-error deny). */
class RelayDown extends Error {}

/**
 * A relay failure before it said anything about the call: unreachable, a 5xx, a garbled answer.
 * A refusal (401/403/404/409/429 …) is the relay speaking, and is a deny.
 */
function asRelayDown(error: unknown): unknown {
  if (error instanceof GatehouseError && error.relayFailed) return new RelayDown(error.message);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new RelayDown('no answer from the relay in time');
  return error;
}

/**
 * `gatehouse hook --agent codex`: one Codex hook event on stdin → the relay → Codex's answer on
 * stdout; always exit 0 (Codex reads a deny from stdout JSON). For Codex, silence runs the call
 * (it has no prompt of its own in `codex exec`), so every answer of the relay that is not an
 * allow — a deny, a question nobody answered in time, a refused request — is a deny. Only a
 * relay that cannot be reached at all is no decision, so Codex's own sandbox and policy apply.
 */
export async function runCodexHook(
  client: GatehouseClient | null,
  options: CodexHookOptions,
  io: CodexHookIo,
): Promise<number> {
  let event = 'PreToolUse';
  const say = (answer: object) => io.write(`${JSON.stringify(answer)}\n`);
  const refuse = (reason: string) => {
    if (event === 'PreToolUse') say(preToolUseDeny(reason));
    else if (event === 'PermissionRequest') say(permissionRequestAnswer('deny', reason));
  };
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(io.stdin);
    } catch {
      throw new RelayDown('stdin is not JSON');
    }
    const name = (raw as { hook_event_name?: unknown } | null)?.hook_event_name;
    if (typeof name === 'string') event = name;
    const parsed = CodexHookInput.safeParse(raw);
    if (!parsed.success) throw new RelayDown(`not a Codex hook input (${parsed.error.issues[0]?.message})`);
    const input = parsed.data;
    if (event === 'UserPromptSubmit') return 0; // The relay has no route for the user's request yet.
    if (event !== 'PreToolUse' && event !== 'PermissionRequest' && event !== 'PostToolUse') {
      io.warn(
        `gatehouse hook: Codex event ${JSON.stringify(event)} is none of the relay's business; no decision`,
      );
      return 0;
    }
    if (!client) throw new RelayDown('no relay configured (GATEHOUSE_URL and GATEHOUSE_TOKEN)');
    const tool = input.tool_name;
    if (tool === undefined) throw new Error('the hook input names no tool');
    const sessionId = sessionIdOf(input);
    const toolInput = toolInputOf(input);
    const toolCallId = toolCallIdOf(input, tool, toolInput);
    const signal = AbortSignal.timeout(options.waitSeconds * 1000 + marginMs);
    const editsDir = options.editsDir ?? defaultEditsDir;

    if (event === 'PostToolUse') {
      await client
        .reportResult(sessionId, toolCallId, resultOf(input.tool_response))
        .catch((error: unknown) =>
          io.warn(`gatehouse hook: result not recorded (${error instanceof Error ? error.message : error})`),
        );
      return 0;
    }

    // The declaration goes first, so a stricter mode (Codex's plan) applies to this very call.
    // It may be refused (a mode the workspace does not allow): the call is then evaluated in the
    // session's current mode, which the workspace does allow.
    await client.declareSession(sessionId, declarationOf(input.permission_mode)).catch((error: unknown) => {
      const down = asRelayDown(error);
      if (down instanceof RelayDown) throw down;
      io.warn(
        `gatehouse hook: session declaration refused (${error instanceof Error ? error.message : error})`,
      );
    });
    if (
      event === 'PermissionRequest' &&
      (await approvedEdit(editsDir, client, sessionId, input, tool, toolCallId))
    ) {
      say(permissionRequestAnswer('allow', allowEditNote));
      return 0;
    }
    let state: ToolCallState;
    let asked = false;
    try {
      state = await decide(
        client,
        sessionId,
        {
          tool_call_id: toolCallId,
          tool,
          input: toolInput,
          ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
        },
        { timeoutSeconds: options.waitSeconds, signal, onPending: () => (asked = true) },
      );
    } catch (error) {
      // Once a question is open the relay is up: whatever fails now, the call must not run unseen.
      throw asked ? error : asRelayDown(error);
    }
    if (state.outcome === 'allow') {
      const edited = state.resolution?.updatedInput;
      if (event === 'PermissionRequest') say(permissionRequestAnswer('allow', undefined, edited));
      else if (edited !== undefined) {
        // Codex runs the edit, and may then ask PermissionRequest about it: that is this answer.
        await noteEdit(editsDir, sessionId, input, tool, edited, state.toolCallId).catch((error: unknown) =>
          io.warn(`gatehouse hook: edit not noted (${error instanceof Error ? error.message : error})`),
        );
        say(preToolUseEdited(edited));
      }
      return 0;
    }
    refuse(denyReason(state, options.waitSeconds));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof RelayDown) {
      const deny = options.onError === 'deny';
      io.warn(`gatehouse hook: ${reason}; ${deny ? 'answering deny' : 'no decision'}`);
      if (deny) refuse(unavailableText(reason));
      return 0;
    }
    io.warn(`gatehouse hook: ${reason}; denying`);
    refuse(refusedText(reason));
  }
  return 0;
}

/** What PostToolUse reports: the tool's response as text, bounded as the relay bounds it. */
function resultOf(response: unknown): { status: 'ok' | 'error'; output?: string } {
  const max = limits.displayStringChars * 4;
  const text =
    typeof response === 'string' ? response : response === undefined ? '' : JSON.stringify(response);
  const failed =
    typeof response === 'object' &&
    response !== null &&
    ((response as { success?: unknown }).success === false ||
      (response as { is_error?: unknown }).is_error === true);
  return { status: failed ? 'error' : 'ok', ...(text === '' ? {} : { output: text.slice(0, max) }) };
}

export const codexWaitSeconds = limits.waitSeconds;
