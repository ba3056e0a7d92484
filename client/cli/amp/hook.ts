import { randomUUID } from 'node:crypto';
import { unavailableText } from '../../../shared/answers/index.ts';
import { Identifier } from '../../../shared/contract/index.ts';
import type { GatehouseClient } from '../../sdk/index.ts';
import { titleFromCwd } from '../agent-session.ts';
import { askRelay } from '../relay-verdict.ts';

/**
 * Amp's delegated permission (`amp.permissions` entry `{tool, action: "delegate", to}`): the
 * program gets the tool's arguments as JSON on stdin and the tool's name in `AGENT_TOOL_NAME`
 * (the thread in `AMP_THREAD_ID`), and answers by its exit code: 0 allow, 1 ask the operator,
 * 2 or more reject, with stderr handed to the model.
 */
export const ampExit = { allow: 0, ask: 1, reject: 2 } as const;

export interface AmpHookOptions {
  onError: 'deny' | 'ask';
  waitSeconds: number;
  deadlineSeconds: number;
  toolName: string | undefined;
  threadId: string | undefined;
  cwd: string;
}

export interface AmpHookIo {
  stdin: string;
  write(text: string): void;
  warn(text: string): void;
}

type Args = Record<string, unknown>;
const defined = (entries: Args) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));

/** Amp's tools as the calls Gatehouse knows, one row per tool; MCP tools keep their `mcp__` names. */
const ampTools: Record<string, (args: Args) => { tool: string; input: Args }> = {
  Bash: (args) => ({ tool: 'Bash', input: defined({ command: args.cmd ?? args.command, cwd: args.cwd }) }),
  create_file: (args) => ({ tool: 'Write', input: defined({ file_path: args.path, content: args.content }) }),
  edit_file: (args) => ({
    tool: 'Edit',
    input: defined({ file_path: args.path, old_string: args.old_str, new_string: args.new_str }),
  }),
  Read: (args) => ({ tool: 'Read', input: defined({ file_path: args.path, read_range: args.read_range }) }),
  Grep: (args) => ({ tool: 'Grep', input: defined({ ...args }) }),
  glob: (args) => ({ tool: 'Glob', input: defined({ pattern: args.filePattern ?? args.pattern }) }),
  read_web_page: (args) => ({ tool: 'WebFetch', input: defined({ url: args.url }) }),
};

export function ampCallOf(toolName: string, args: Args): { tool: string; input: Args } {
  const known = Object.hasOwn(ampTools, toolName) ? ampTools[toolName] : undefined;
  return known ? known(args) : { tool: toolName.replace(/[^A-Za-z0-9_.:/-]/g, '_'), input: args };
}

/**
 * `gatehouse hook --agent amp`: one delegated permission check → the relay → Amp's exit code.
 * Anything short of the relay's allow is a reject with the reason on stderr; the hook's own
 * failure (the relay unreachable, bad input, no answer before its deadline) too, unless
 * `--on-error ask` hands it to Amp's operator.
 */
export async function runAmpHook(client: GatehouseClient | null, options: AmpHookOptions, io: AmpHookIo) {
  const failed = (reason: string, text = unavailableText(reason)) => {
    io.warn(text);
    return options.onError === 'ask' ? ampExit.ask : ampExit.reject;
  };
  try {
    if (!options.toolName) return failed('AGENT_TOOL_NAME is not set: not run by Amp');
    let args: unknown;
    try {
      args = io.stdin.trim() === '' ? {} : JSON.parse(io.stdin);
    } catch {
      return failed('the tool arguments on stdin are not JSON');
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      return failed('the tool arguments on stdin are not a JSON object');
    const call = ampCallOf(options.toolName, args as Args);
    const thread = options.threadId ?? '';
    const sessionId = Identifier.safeParse(thread).success ? thread : `amp-${randomUUID()}`;
    const verdict = await askRelay(
      client,
      { sessionId, toolCallId: `amp-${randomUUID()}`, tool: call.tool, input: call.input, cwd: options.cwd },
      {
        declaration: { agent: 'Amp', ...titleFromCwd(options.cwd) },
        waitSeconds: options.waitSeconds,
        signal: AbortSignal.timeout(options.deadlineSeconds * 1000),
      },
    );
    if (verdict.kind === 'failed') return failed(verdict.reason, verdict.text);
    if (verdict.kind === 'allow') {
      // Amp has no way to take an edited input: the edit is not run as the agent proposed it.
      if (verdict.updatedInput !== undefined) {
        io.warn('The user approved an edited version of this call, which Amp cannot take. Ask the user.');
        return ampExit.reject;
      }
      return ampExit.allow;
    }
    io.warn(verdict.text);
    return ampExit.reject;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
