/** `gatehouse mcp-proxy [options] -- <command> [args…]`, parsed. */
export interface ProxyArguments {
  /** The server's name in tool names (`mcp__<name>__<tool>`) and the session's title. */
  name?: string;
  session?: string;
  url?: string;
  token?: string;
  timeoutSeconds?: number;
  help: boolean;
  /** The wrapped server: program and its arguments, untouched. */
  command: string[];
}

export const proxyUsage = `Usage: gatehouse mcp-proxy [options] -- <command> [args…]

A stdio MCP server that runs <command> (a stdio MCP server) and relays every message, except
that each tools/call is first decided by the Gatehouse relay as tool mcp__<name>__<tool>.

Options:
  --name N             the server's name in tool names and the session title (default the server's own name)
  --session ID         relay session id (default mcp-<name>-<random>, one per gateway process)
  --url URL, --relay URL  relay URL (default $GATEHOUSE_URL, else http://127.0.0.1:8787)
  --token TOKEN        agent token (default $GATEHOUSE_TOKEN)
  --timeout SECONDS    how long a call waits for a human before it is refused (default 600)
  -h, --help
`;

const valued: Record<string, keyof Omit<ProxyArguments, 'help' | 'command' | 'timeoutSeconds'> | 'timeout'> =
  {
    '--name': 'name',
    '--session': 'session',
    '--url': 'url',
    '--relay': 'url',
    '--token': 'token',
    '--timeout': 'timeout',
  };

/**
 * Options come first; `--` or the first word that is not an option starts the wrapped command,
 * and nothing after it is read as ours (the server's own flags stay its own, as with `env`).
 */
export function parseProxyArguments(argv: readonly string[]): ProxyArguments | { error: string } {
  const parsed: ProxyArguments = { help: false, command: [] };
  let at = 0;
  for (; at < argv.length; at++) {
    const word = argv[at]!;
    if (word === '--') {
      at++;
      break;
    }
    if (word === '-h' || word === '--help') {
      parsed.help = true;
      continue;
    }
    if (!word.startsWith('-')) break;
    const equals = word.indexOf('=');
    const flag = equals === -1 ? word : word.slice(0, equals);
    const key = valued[flag];
    if (key === undefined) return { error: `unknown option ${flag}` };
    const value = equals === -1 ? argv[++at] : word.slice(equals + 1);
    if (value === undefined || value === '') return { error: `${flag} takes a value` };
    if (key === 'timeout') {
      const seconds = Number(value);
      if (!Number.isFinite(seconds) || seconds < 0) return { error: '--timeout takes a number of seconds' };
      parsed.timeoutSeconds = seconds;
    } else {
      parsed[key] = value;
    }
  }
  parsed.command = argv.slice(at);
  if (parsed.command.length === 0 && !parsed.help) return { error: 'no server command given after --' };
  return parsed;
}
