import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient, type GatehouseClient } from '../sdk/index.ts';
import { runDemo } from './demo.ts';
import { type OnError, runHook } from './hook.ts';
import { hookCommand, initClaude } from './init-claude.ts';
import { runMcp } from './mcp.ts';
import { createProgress } from './progress.ts';
import { runStatus } from './status.ts';

const usage = `gatehouse — the agent side of the Gatehouse approval relay

Usage: gatehouse <command> [options]

Commands:
  hook                 Claude Code command hook: hook JSON on stdin, the relay's answer on stdout
  mcp                  stdio MCP server with the permission-prompt tool "approve"
  init claude          add the hook entries to .claude/settings.json (--local: settings.local.json)
  demo                 a scripted agent session that shows every kind of decision
  status               relay reachable? token role? sessions waiting?

Options:
  --url URL            relay URL (default $GATEHOUSE_URL, else http://127.0.0.1:8787)
  --token TOKEN        token (default $GATEHOUSE_TOKEN)
  --session ID         session id for mcp and demo (default $GATEHOUSE_SESSION, for mcp then
                       $CLAUDE_CODE_SESSION_ID, else generated)
  --timeout SECONDS    how long mcp and demo wait for a human (default 600)
  --on-error ask|deny  hook: the answer when the relay fails (default ask)
  --local              init: write .claude/settings.local.json
  --dir PATH           init: the project directory (default the current one)
  -h, --help
`;

const options = {
  url: { type: 'string' },
  token: { type: 'string' },
  session: { type: 'string' },
  timeout: { type: 'string' },
  'on-error': { type: 'string' },
  local: { type: 'boolean' },
  dir: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const cliPath = fileURLToPath(new URL('./gatehouse.mjs', import.meta.url));
const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const print = (line: string) => process.stdout.write(`${line}\n`);
const warn = (line: string) => process.stderr.write(`${line}\n`);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one command; resolves to the process exit code. A failure is one line on stderr, exit 1. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    warn(`gatehouse: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function run(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    warn(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, subject] = positionals;
  if (values.help || !command) {
    (values.help ? print : warn)(usage);
    return values.help ? 0 : 2;
  }

  const url = values.url ?? process.env.GATEHOUSE_URL ?? 'http://127.0.0.1:8787';
  const token = values.token ?? process.env.GATEHOUSE_TOKEN ?? '';
  const sessionId = values.session ?? process.env.GATEHOUSE_SESSION;
  const timeoutSeconds = Number(values.timeout ?? 600);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0) {
    warn('--timeout takes a number of seconds');
    return 2;
  }
  let client: GatehouseClient | null = null;
  try {
    client = token ? createClient({ url, token }) : null;
  } catch {
    warn(`not a URL: ${url}`);
    if (command !== 'hook' && command !== 'mcp') return 2;
  }
  const needClient = () => {
    if (!client) warn('set GATEHOUSE_TOKEN (or --token) to a token of the relay');
    return client;
  };

  switch (command) {
    case 'hook': {
      const onError = values['on-error'] ?? 'ask';
      if (onError !== 'ask' && onError !== 'deny') {
        warn('--on-error is ask or deny');
        return 2;
      }
      return runHook(client, onError as OnError, {
        stdin: await readStdin(),
        write: (text) => process.stdout.write(text),
        warn,
      });
    }
    case 'mcp':
      // Claude Code (2.1.154 on) names its session to stdio MCP servers as to hooks, so the
      // prompt tool's questions join the session its hooks report to (docs/claude-code.md).
      return runMcp({
        client,
        sessionId: sessionId ?? process.env.CLAUDE_CODE_SESSION_ID ?? `mcp-${randomUUID()}`,
        timeoutSeconds,
        version,
      });
    case 'init': {
      if (subject !== 'claude') {
        warn('usage: gatehouse init claude [--local] [--dir PATH]');
        return 2;
      }
      const path = await initClaude(
        values.dir ?? process.cwd(),
        values.local ?? false,
        hookCommand(process.execPath, cliPath),
      );
      print(`Gatehouse hooks (PreToolUse, PermissionRequest) are in ${path}.`);
      print(
        'Claude Code passes its environment to hooks: start it with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) set.',
      );
      return 0;
    }
    case 'demo': {
      const demoClient = needClient();
      if (!demoClient) return 2;
      return runDemo({
        client: demoClient,
        sessionId: sessionId ?? `demo-${Date.now().toString(36)}`,
        timeoutSeconds,
        cwd: process.cwd(),
        print,
        progress: createProgress(process.stderr),
      });
    }
    case 'status': {
      const statusClient = needClient();
      if (!statusClient) return 2;
      return runStatus(statusClient, print);
    }
    default:
      warn(`unknown command: ${command}\n\n${usage}`);
      return 2;
  }
}
