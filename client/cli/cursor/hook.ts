import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { unavailableText } from '../../../shared/answers/index.ts';
import { Identifier } from '../../../shared/contract/index.ts';
import type { GatehouseClient } from '../../sdk/index.ts';
import { titleFromCwd } from '../agent-session.ts';
import { askRelay } from '../relay-verdict.ts';

/**
 * Cursor's hooks (cursor.com/docs/agent/hooks): JSON on stdin with `hook_event_name`,
 * `conversation_id`, `generation_id`, `workspace_roots`, and per event `beforeShellExecution`
 * `{command, cwd}`, `beforeMCPExecution` `{tool_name, tool_input, url | command}`,
 * `beforeReadFile` `{file_path, content}`, `preToolUse` `{tool_name, tool_input}`. The answer is
 * `{permission: "allow" | "deny" | "ask", user_message, agent_message}`. Cursor's own allowlist
 * still decides what runs once a hook allows; a deny always holds.
 */
export const CursorHookInput = z.looseObject({
  hook_event_name: z.string().min(1),
  conversation_id: z.string().optional(),
  generation_id: z.string().optional(),
  workspace_roots: z.array(z.string()).optional(),
  command: z.string().optional(),
  cwd: z.string().optional(),
  tool_name: z.string().optional(),
  tool_input: z.unknown().optional(),
  file_path: z.string().optional(),
  url: z.string().optional(),
  tool_use_id: z.string().optional(),
});
export type CursorHookInput = z.infer<typeof CursorHookInput>;

type Args = Record<string, unknown>;

const asArgs = (value: unknown): Args => {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Args)
        : { value };
    } catch {
      return { value };
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Args) : {};
};

const part = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** Cursor's generic tool names (preToolUse) as Gatehouse's, one row per tool. */
const cursorTools: Record<string, string> = {
  Shell: 'Bash',
  Read: 'Read',
  Write: 'Write',
  Edit: 'Edit',
  StrReplace: 'Edit',
  Delete: 'Bash',
  Grep: 'Grep',
  Glob: 'Glob',
  WebFetch: 'WebFetch',
};

/** One Cursor hook event as the relay's tool and input; undefined for events that decide nothing. */
export function cursorCallOf(input: CursorHookInput): { tool: string; input: Args } | undefined {
  switch (input.hook_event_name) {
    case 'beforeShellExecution':
      return {
        tool: 'Bash',
        input: { command: input.command ?? '', ...(input.cwd ? { cwd: input.cwd } : {}) },
      };
    case 'beforeReadFile':
      return { tool: 'Read', input: { file_path: input.file_path ?? '' } };
    case 'beforeMCPExecution': {
      const args = asArgs(input.tool_input);
      // The server as Cursor names it is not in the input: its URL's host or its command's program.
      const origin = input.url ?? input.command ?? 'mcp';
      const server = origin.replace(/^[a-z]+:\/\//, '').split(/[\s/:]+/)[0] || 'mcp';
      return { tool: `mcp__${part(server)}__${part(input.tool_name ?? '')}`, input: args };
    }
    case 'preToolUse': {
      const name = input.tool_name ?? '';
      const args = asArgs(input.tool_input);
      const tool = Object.hasOwn(cursorTools, name) ? cursorTools[name]! : part(name) || 'unknown';
      if (tool === 'Bash' && name === 'Delete')
        return { tool, input: { command: `rm -- ${JSON.stringify(args.path ?? args.file_path ?? '')}` } };
      if (tool === 'Write' || tool === 'Edit' || tool === 'Read')
        return { tool, input: { ...args, file_path: args.file_path ?? args.path } };
      return { tool, input: args };
    }
    default:
      return undefined;
  }
}

/** The answer Cursor reads; a deny says why to the user and to the agent. */
export const cursorAnswer = {
  allow: () => ({ permission: 'allow' }),
  deny: (text: string) => ({ permission: 'deny', user_message: `Gatehouse: ${text}`, agent_message: text }),
  ask: (text: string) => ({ permission: 'ask', user_message: `Gatehouse: ${text}`, agent_message: text }),
};

export interface CursorHookOptions {
  onError: 'deny' | 'ask';
  waitSeconds: number;
  deadlineSeconds: number;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `gatehouse hook --agent cursor`: one Cursor hook event → the relay → Cursor's answer, exit 0.
 * Anything short of the relay's allow is a deny with `user_message` and `agent_message`; the
 * hook's own failure is a deny too (or Cursor's ask with `--on-error ask`), so the call does not
 * run unseen even where `failClosed` is not set.
 */
export async function runCursorHook(
  client: GatehouseClient | null,
  options: CursorHookOptions,
  io: { stdin: string; write(text: string): void; warn(text: string): void },
): Promise<number> {
  const say = (answer: object) => io.write(`${JSON.stringify(answer)}\n`);
  const failed = (reason: string, text = unavailableText(reason)) => {
    io.warn(`gatehouse hook: ${reason}; answering ${options.onError}`);
    say(options.onError === 'ask' ? cursorAnswer.ask(text) : cursorAnswer.deny(text));
    return 0;
  };
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(io.stdin);
    } catch {
      return failed('the hook input is not JSON');
    }
    const parsed = CursorHookInput.safeParse(raw);
    if (!parsed.success) return failed(`not a Cursor hook input (${parsed.error.issues[0]?.message})`);
    const input = parsed.data;
    const call = cursorCallOf(input);
    if (!call) {
      io.warn(
        `gatehouse hook: Cursor event ${JSON.stringify(input.hook_event_name)} decides nothing; no answer`,
      );
      return 0;
    }
    const conversation = input.conversation_id ?? '';
    const sessionId = Identifier.safeParse(conversation).success
      ? conversation
      : conversation === ''
        ? `cursor-${randomUUID()}`
        : `cursor-${sha(conversation).slice(0, 48)}`;
    const cwd = input.cwd ?? input.workspace_roots?.[0];
    const verdict = await askRelay(
      client,
      {
        sessionId,
        toolCallId:
          input.tool_use_id && Identifier.safeParse(input.tool_use_id).success
            ? input.tool_use_id
            : `cursor-${randomUUID()}`,
        tool: call.tool,
        input: call.input,
        ...(cwd === undefined ? {} : { cwd }),
      },
      {
        declaration: { agent: 'Cursor', ...titleFromCwd(cwd) },
        waitSeconds: options.waitSeconds,
        signal: AbortSignal.timeout(options.deadlineSeconds * 1000),
      },
    );
    if (verdict.kind === 'failed') return failed(verdict.reason, verdict.text);
    if (verdict.kind !== 'allow') {
      say(cursorAnswer.deny(verdict.text));
      return 0;
    }
    if (verdict.updatedInput !== undefined) {
      say(
        cursorAnswer.deny(
          'The user approved an edited version of this call, which Cursor cannot take. Ask the user.',
        ),
      );
      return 0;
    }
    say(cursorAnswer.allow());
    return 0;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
