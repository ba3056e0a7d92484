import { unavailableText } from '../../shared/answers/index.ts';
import { limits } from '../../shared/contract/limits.ts';
import { type ClaudeHookRoute, claudeHookRouteNamed } from '../sdk/claude-hook-routes.ts';
import type { AttestationVerifier, GatehouseClient } from '../sdk/index.ts';
import { isClaudeHookAnswer } from './claude-answer.ts';
import { relayErrorText } from './relay-error.ts';

/**
 * What the hook needs of a relay client: one POST to a hook route, its JSON answer. The SDK's
 * client is one (and checks the answer with the contract's schemas); `gatehouse hook` itself uses
 * hook-post.ts, which loads no zod, and checks the answer with claude-answer.ts.
 */
export interface ClaudeHookPoster {
  claudeHook(route: ClaudeHookRoute, hookInput: unknown, signal?: AbortSignal): Promise<unknown>;
}

/** Three clocks, each above the one before, so the relay's own answer always arrives first. */
export const hookTimeouts = {
  /** The relay holds a hook request at most this long (`?wait=`, its default and maximum). */
  relayWaitSeconds: limits.waitSeconds,
  /** `gatehouse hook` gives up on the relay after the wait plus a margin for the answer to arrive. */
  giveUpSeconds: limits.waitSeconds + 30,
  /** Claude Code's `timeout` for the hook in settings.json (HTTP and command alike). */
  settingsSeconds: limits.waitSeconds + 60,
  /**
   * Claude Code's `timeout` for the events that decide nothing (PostToolUse, UserPromptSubmit,
   * SessionEnd): the relay answers them at once, and a relay that does not must not hold the agent.
   */
  recordSeconds: 10,
} as const;

/**
 * What the hook answers when the relay cannot: `none` (the default) prints nothing, so Claude
 * Code's own permission rules decide, exactly as they do when an HTTP hook fails; `ask` and
 * `deny` are for a user who wants a relay outage to stop calls instead.
 */
export const onErrorChoices = ['none', 'ask', 'deny'] as const;
export type OnError = (typeof onErrorChoices)[number];

export interface HookIo {
  stdin: string;
  write(text: string): void;
  warn(text: string): void;
}

export interface HookOptions {
  onError: OnError;
  /** Give up on the relay after this long, before Claude Code's own hook timeout runs out. */
  timeoutMs: number;
  /**
   * Check every held answer's attestation (docs/attestation.md) with the SDK's client and this
   * verifier; absent, the hook answers without the SDK (hook-post.ts), as it starts fast.
   */
  verify?: {
    client: GatehouseClient;
    verifier: AttestationVerifier;
    /**
     * hook-verify.ts, imported by the caller (main.ts) only once an answer must be checked: this
     * module is also the fast hook's, and a reference to it here would bundle it (and the zod it
     * reaches) into that hook.
     */
    load: () => Promise<typeof import('./hook-verify.ts')>;
  } | null;
}

/**
 * The stricter answers of `--on-error ask|deny`. Claude Code reads a command hook's stdout as
 * JSON on exit 0; exit 2 would block and any other code is only logged, so the hook always
 * exits 0 and says what it means on stdout. PermissionRequest has no `ask`: its "ask" is
 * printing nothing, which shows Claude Code's own dialog.
 */
export function fallbackAnswer(event: string, onError: OnError, reason: string): object | null {
  const message = unavailableText(reason);
  if (onError === 'none') return null;
  if (event === 'PreToolUse') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: onError,
        permissionDecisionReason: message,
      },
    };
  }
  if (event === 'PermissionRequest' && onError === 'deny') {
    return {
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message } },
    };
  }
  return null;
}

/**
 * `gatehouse hook`: Claude Code's hook JSON on stdin → the relay's route for its event → the
 * relay's answer, checked against the contract, on stdout. Always exit 0. Any failure — relay
 * refused, timed out, a 4xx/5xx, an answer outside the contract, stdin that is not hook JSON —
 * is "no decision" unless `--on-error` says otherwise.
 */
export async function runHook(
  client: ClaudeHookPoster | null,
  options: HookOptions,
  io: HookIo,
): Promise<number> {
  let event = '';
  try {
    const hookInput: unknown = JSON.parse(io.stdin);
    const name = (hookInput as { hook_event_name?: unknown } | null)?.hook_event_name;
    if (typeof name !== 'string') throw new Error('the hook input has no hook_event_name');
    event = name;
    const row = claudeHookRouteNamed(event);
    // Events the relay has no route for are none of its business: no decision, not a failure.
    if (!row) {
      io.warn(`gatehouse hook: no relay route for hook event ${JSON.stringify(event)}; no decision`);
      return 0;
    }
    if (!client) throw new Error('no relay configured (GATEHOUSE_URL and GATEHOUSE_TOKEN)');
    const signal = AbortSignal.timeout(options.timeoutMs);
    const timedOut = (error: unknown): never => {
      throw signal.aborted
        ? new Error(`no answer from the relay within ${options.timeoutMs / 1000} s`)
        : error;
    };
    const verify = options.verify;
    if (verify && row.waits) {
      // Loaded only here: a hook that does not verify starts without it.
      const { verifiedHookAnswer, withToolUseId } = await verify.load();
      const sent = withToolUseId(event, hookInput as Record<string, unknown>);
      const { answer, attestation } = await verify.client
        .claudeHookAttested(row.route, sent, signal)
        .catch(timedOut);
      const checked = await verifiedHookAnswer({ ...verify, event, sent, answer, attestation });
      io.write(`${JSON.stringify(checked)}\n`);
      return 0;
    }
    const answer = await client.claudeHook(row.route, hookInput, signal).catch(timedOut);
    if (!isClaudeHookAnswer(event, answer))
      throw new Error(`the relay's answer is not Claude Code's ${event} hook JSON`);
    io.write(`${JSON.stringify(answer)}\n`);
  } catch (error) {
    const reason = relayErrorText(error);
    const answer = fallbackAnswer(event || 'PreToolUse', options.onError, reason);
    io.warn(`gatehouse hook: ${reason}; ${answer ? `answering ${options.onError}` : 'no decision'}`);
    if (answer) io.write(`${JSON.stringify(answer)}\n`);
  }
  return 0;
}
