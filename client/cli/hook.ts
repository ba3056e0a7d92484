import type { ClaudeHookEvent, GatehouseClient } from '../sdk/index.ts';

/** What the hook answers when the relay cannot: `ask` lets Claude Code's own prompt guard the call. */
export type OnError = 'ask' | 'deny';

export interface HookIo {
  stdin: string;
  write(text: string): void;
  warn(text: string): void;
}

const endpoints: Record<string, ClaudeHookEvent> = {
  PreToolUse: 'pre-tool-use',
  PermissionRequest: 'permission-request',
};

/**
 * The answer when the relay fails. Claude Code reads a command hook's stdout as JSON on exit 0;
 * an empty stdout is "no decision", so for PermissionRequest printing nothing lets its own
 * prompt run. Exit code 2 would block (deny) and any other code is only logged, so the hook
 * always exits 0 and says what it means on stdout.
 */
export function fallbackAnswer(event: string, onError: OnError, reason: string): object | null {
  const message = `Gatehouse relay unavailable: ${reason}`;
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

/** `gatehouse hook`: Claude Code's hook JSON on stdin → the relay → Claude Code's hook JSON on stdout. Exit 0. */
export async function runHook(client: GatehouseClient | null, onError: OnError, io: HookIo): Promise<number> {
  let event = '';
  try {
    const hookInput: unknown = JSON.parse(io.stdin);
    const name = (hookInput as { hook_event_name?: unknown } | null)?.hook_event_name;
    event = typeof name === 'string' ? name : '';
    const endpoint = endpoints[event];
    // Other events are none of the relay's business: no decision, Claude Code carries on.
    if (!endpoint) {
      io.warn(`gatehouse hook: ignoring hook event ${JSON.stringify(event)}`);
      return 0;
    }
    if (!client) throw new Error('no relay configured (GATEHOUSE_URL and GATEHOUSE_TOKEN)');
    const answer = await client.claudeHook(endpoint, hookInput);
    io.write(`${JSON.stringify(answer)}\n`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    io.warn(`gatehouse hook: ${reason}; answering ${onError}`);
    // Unreadable input gets the PreToolUse form: Claude Code ignores fields of other events.
    const answer = fallbackAnswer(event || 'PreToolUse', onError, reason);
    if (answer) io.write(`${JSON.stringify(answer)}\n`);
  }
  return 0;
}
