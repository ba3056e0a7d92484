import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { Identifier } from '../../../shared/contract/index.ts';
import { copilotMcpTool } from './mcp-names.ts';

/**
 * What Copilot CLI hands a command hook on stdin (verified with Copilot CLI 1.0.102, see
 * test/peers/copilot.test.ts): preToolUse `{sessionId, timestamp, cwd, toolName, toolArgs}`;
 * permissionRequest `{hookName: "permissionRequest", sessionId, timestamp, cwd, toolName,
 * toolInput, permissionSuggestions}`. Neither carries a tool-call id. Unknown fields pass unread.
 */
export const CopilotHookInput = z.looseObject({
  hookName: z.string().optional(),
  sessionId: z.string().min(1),
  timestamp: z.number().optional(),
  cwd: z.string().min(1).optional(),
  toolName: z.string().min(1),
  toolArgs: z.unknown().optional(),
  toolInput: z.unknown().optional(),
});
export type CopilotHookInput = z.infer<typeof CopilotHookInput>;

export type CopilotEvent = 'preToolUse' | 'permissionRequest';

export const eventOf = (input: CopilotHookInput): CopilotEvent =>
  input.hookName === 'permissionRequest' || input.toolInput !== undefined
    ? 'permissionRequest'
    : 'preToolUse';

type Args = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/**
 * The content a `create` diff adds (Copilot's permissionRequest for a new file: a git diff with
 * `create file mode`, every line of the file a `+` line).
 */
function createdContent(diff: string): string | undefined {
  if (!/^create file mode/m.test(diff)) return undefined;
  const hunk = diff.indexOf('\n@@');
  if (hunk === -1) return '';
  const lines = diff.slice(diff.indexOf('\n', hunk + 1) + 1).split('\n');
  const added = lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1));
  return added.length === 0 ? '' : `${added.join('\n')}\n`;
}

/**
 * Copilot's tools as the calls Gatehouse knows (one row per tool): its shell as Bash, a new file
 * as Write, an edit as Edit, a read as Read. The permissionRequest that follows a `create` names
 * it `edit` with `{file_path, diff}`: a diff that creates the file is the Write it was.
 */
const copilotTools: Record<string, (args: Args) => { tool: string; input: Args }> = {
  bash: (args) => ({
    tool: 'Bash',
    input: defined({ command: args.command, description: args.description }),
  }),
  create: (args) => ({
    tool: 'Write',
    input: defined({ file_path: args.path ?? args.file_path, content: args.file_text ?? args.content }),
  }),
  edit: (args) => {
    const path = args.path ?? args.file_path;
    const diff = text(args.diff);
    if (diff !== undefined) {
      const created = createdContent(diff);
      return created === undefined
        ? { tool: 'Edit', input: defined({ file_path: path, diff }) }
        : { tool: 'Write', input: defined({ file_path: path, content: created }) };
    }
    return {
      tool: 'Edit',
      input: defined({ file_path: path, old_string: args.old_str, new_string: args.new_str }),
    };
  },
  view: (args) => ({ tool: 'Read', input: defined({ file_path: args.path, view_range: args.view_range }) }),
  grep: (args) => ({ tool: 'Grep', input: defined({ ...args }) }),
  glob: (args) => ({ tool: 'Glob', input: defined({ ...args }) }),
  web_fetch: (args) => ({ tool: 'WebFetch', input: defined({ url: args.url }) }),
};

const mcpPart = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * One Copilot call as the relay's tool and input. `mcpServers`: the MCP server names Copilot's
 * config lists, to split preToolUse's `<server>-<tool>` (mcp-names.ts).
 */
export function relayCallOf(
  input: CopilotHookInput,
  mcpServers: readonly string[] = [],
): { tool: string; input: Args } {
  const raw = eventOf(input) === 'permissionRequest' ? input.toolInput : input.toolArgs;
  const args: Args =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Args)
      : typeof raw === 'string'
        ? parseArgs(raw)
        : {};
  const known = Object.hasOwn(copilotTools, input.toolName) ? copilotTools[input.toolName] : undefined;
  if (known) return known(args);
  // An MCP tool (`<server>-<tool>`, `<server>/<tool>`): `mcp__<server>__<tool>`, as Claude Code says it.
  const mcp = copilotMcpTool(input.toolName, mcpServers);
  if (mcp) return { tool: `mcp__${mcpPart(mcp.server)}__${mcpPart(mcp.tool)}`, input: args };
  // Anything else under its own name: the relay asks about a tool it does not know.
  return { tool: mcpPart(input.toolName), input: args };
}

function parseArgs(raw: string): Args {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Args)
      : { raw };
  } catch {
    return { raw };
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The relay session of a Copilot session: its id (a UUID), hashed if it does not fit. */
export const sessionIdOf = (input: CopilotHookInput) =>
  Identifier.safeParse(input.sessionId).success
    ? input.sessionId
    : `copilot-${sha256(input.sessionId).slice(0, 48)}`;

/**
 * Copilot sends no tool-call id: one is made of the session, the hook's timestamp and the call,
 * so a resent hook finds the same relay call, and two calls are two calls.
 */
export function toolCallIdOf(input: CopilotHookInput, call: { tool: string; input: Args }): string {
  const stamp = input.timestamp ?? `${Date.now()}-${Math.random()}`;
  return `copilot-${sha256(`${input.sessionId}\0${stamp}\0${call.tool}\0${canonicalize(call.input) ?? ''}`).slice(0, 40)}`;
}

/** The arguments Copilot runs when an approver edited the call: only a command maps back. */
export function modifiedArgsOf(input: CopilotHookInput, edited: Args): Args | undefined {
  if (input.toolName !== 'bash' || typeof edited.command !== 'string') return undefined;
  const args = (typeof input.toolArgs === 'object' && input.toolArgs !== null ? input.toolArgs : {}) as Args;
  return { ...args, command: edited.command };
}
