import { createHash } from 'node:crypto';
import { z } from 'zod';
import { unavailableText } from '../../../shared/answers/index.ts';
import { Identifier } from '../../../shared/contract/index.ts';
import type { GatehouseClient } from '../../sdk/index.ts';
import { titleFromCwd } from '../agent-session.ts';
import { askRelay } from '../relay-verdict.ts';

/**
 * What Gatehouse's OpenCode plugin (plugin.ts) hands `gatehouse hook --agent opencode`: a call
 * from `tool.execute.before` (`{event: "tool", sessionID, callID, tool, args}`) or a request of
 * OpenCode's own from `permission.asked` (`{event: "permission", sessionID, callID, permission,
 * patterns, metadata}`). Both name the same call by its callID, so the relay asks once.
 */
export const OpenCodeHookInput = z.object({
  event: z.enum(['tool', 'permission']),
  sessionID: z.string().min(1),
  callID: z.string().min(1).optional(),
  tool: z.string().min(1).optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  permission: z.string().min(1).optional(),
  patterns: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  cwd: z.string().min(1).optional(),
});
export type OpenCodeHookInput = z.infer<typeof OpenCodeHookInput>;

type Args = Record<string, unknown>;
const defined = (entries: Args) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));

/** OpenCode's tools as the calls Gatehouse knows, one row per tool (MCP tools keep their names). */
const openCodeTools: Record<string, (args: Args) => { tool: string; input: Args }> = {
  bash: (args) => ({
    tool: 'Bash',
    input: defined({ command: args.command, description: args.description }),
  }),
  edit: (args) => ({
    tool: 'Edit',
    input: defined({ file_path: args.filePath, old_string: args.oldString, new_string: args.newString }),
  }),
  write: (args) => ({ tool: 'Write', input: defined({ file_path: args.filePath, content: args.content }) }),
  read: (args) => ({
    tool: 'Read',
    input: defined({ file_path: args.filePath, offset: args.offset, limit: args.limit }),
  }),
  webfetch: (args) => ({ tool: 'WebFetch', input: defined({ url: args.url }) }),
  glob: (args) => ({ tool: 'Glob', input: defined({ pattern: args.pattern, path: args.path }) }),
  grep: (args) => ({
    tool: 'Grep',
    input: defined({ pattern: args.pattern, path: args.path, include: args.include }),
  }),
  list: (args) => ({ tool: 'LS', input: defined({ path: args.path }) }),
};

const toolName = (name: string) => name.replace(/[^A-Za-z0-9_.:/-]/g, '_') || 'unknown';

/** One OpenCode call (or its own permission request) as the relay's tool and input. */
export function openCodeCallOf(input: OpenCodeHookInput): { tool: string; input: Args } {
  if (input.event === 'tool') {
    const name = input.tool ?? 'unknown';
    const row = Object.hasOwn(openCodeTools, name) ? openCodeTools[name] : undefined;
    return row ? row(input.args ?? {}) : { tool: toolName(name), input: input.args ?? {} };
  }
  const meta = input.metadata ?? {};
  const first = input.patterns?.[0];
  switch (input.permission) {
    case 'bash':
      return {
        tool: 'Bash',
        input: {
          command: typeof meta.command === 'string' ? meta.command : (input.patterns ?? []).join(' '),
        },
      };
    case 'edit':
      return {
        tool: 'Edit',
        input: defined({ file_path: meta.filepath ?? meta.filePath ?? first, diff: meta.diff }),
      };
    case 'webfetch':
      return { tool: 'WebFetch', input: defined({ url: meta.url ?? first }) };
    default:
      return {
        tool: toolName(input.permission ?? 'unknown'),
        input: defined({ patterns: input.patterns, ...meta }),
      };
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const relayId = (prefix: string, id: string) =>
  Identifier.safeParse(`${prefix}${id}`).success ? `${prefix}${id}` : `${prefix}${sha(id).slice(0, 48)}`;

/**
 * The relay's id for one call. A permission request of OpenCode's own is a call of its own (the
 * plugin answers one for a call it held from that call's answer, without asking again): it must
 * not reuse the tool call's id, which the relay keeps for that call's tool and input.
 */
export function toolCallIdOf(input: OpenCodeHookInput): string {
  if (!input.callID) return `opencode-${sha(`${Date.now()}${Math.random()}`).slice(0, 32)}`;
  return input.event === 'tool'
    ? relayId('opencode-', input.callID)
    : relayId('opencode-permission-', `${input.permission ?? 'unknown'}-${input.callID}`);
}

export interface OpenCodeHookOptions {
  waitSeconds: number;
  deadlineSeconds: number;
}

/** What the plugin does with the answer: run the call (`once`), or not, with the text the model reads. */
export type OpenCodeAnswer = { allow: true } | { allow: false; message: string };

/**
 * `gatehouse hook --agent opencode`: one call from the plugin → the relay → `{allow}` or
 * `{allow: false, message}` on stdout, exit 0. Anything short of the relay's allow, and every
 * failure of its own, is a deny with the reason; an "always" of the approver stays a relay grant
 * (the plugin answers OpenCode's own request `once`, never `always`).
 */
export async function runOpenCodeHook(
  client: GatehouseClient | null,
  options: OpenCodeHookOptions,
  io: { stdin: string; write(text: string): void; warn(text: string): void },
): Promise<number> {
  const say = (answer: OpenCodeAnswer) => io.write(`${JSON.stringify(answer)}\n`);
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(io.stdin);
    } catch {
      say({ allow: false, message: unavailableText('the plugin sent something that is not JSON') });
      return 0;
    }
    const parsed = OpenCodeHookInput.safeParse(raw);
    if (!parsed.success) {
      say({
        allow: false,
        message: unavailableText(`not an OpenCode call (${parsed.error.issues[0]?.message})`),
      });
      return 0;
    }
    const input = parsed.data;
    const call = openCodeCallOf(input);
    const verdict = await askRelay(
      client,
      {
        sessionId: relayId('', input.sessionID),
        toolCallId: toolCallIdOf(input),
        tool: call.tool,
        input: call.input,
        ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
      },
      {
        declaration: { agent: 'OpenCode', ...titleFromCwd(input.cwd) },
        waitSeconds: options.waitSeconds,
        signal: AbortSignal.timeout(options.deadlineSeconds * 1000),
      },
    );
    if (verdict.kind === 'failed') io.warn(`gatehouse hook: ${verdict.reason}; answering deny`);
    if (verdict.kind !== 'allow') {
      say({ allow: false, message: verdict.text });
      return 0;
    }
    if (verdict.updatedInput !== undefined) {
      say({
        allow: false,
        message:
          'The user approved an edited version of this call, which Gatehouse cannot hand to OpenCode. Ask the user.',
      });
      return 0;
    }
    say({ allow: true });
  } catch (error) {
    say({ allow: false, message: unavailableText(error instanceof Error ? error.message : String(error)) });
  }
  return 0;
}
