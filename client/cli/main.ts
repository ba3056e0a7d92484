import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, createVerifier, type GatehouseClient, type KeyStore } from '../sdk/index.ts';
import { runCodexHook } from './codex/hook.ts';
import { runInitCodex } from './codex/init-command.ts';
import { exitWith } from './exit.ts';
import { hookTimeouts, type OnError, onErrorChoices, runHook } from './hook.ts';
import { claudeHookPoster } from './hook-post.ts';
import { claudeSettingsPath, describeInit, hookCommand, initClaude } from './init-claude.ts';
import { isLoopback } from './loopback.ts';
import { mcpSessionId } from './mcp-session.ts';
import { nodeFetch } from './node-fetch.ts';
import { runPair } from './pair.ts';
import { describePins, fileKeyStore, pinRelay } from './pins.ts';
import { pinsPath } from './pins-path.ts';
import { createProgress } from './progress.ts';
import { relayErrorText } from './relay-error.ts';

const usage = `gatehouse — the agent side of the Gatehouse approval relay

Usage: gatehouse <command> [options]

Commands:
  hook                 Claude Code command hook: hook JSON on stdin, the relay's answer on stdout
                       (--agent codex|copilot|cursor|amp|opencode: that agent's hook)
  mcp                  stdio MCP server with the permission-prompt tool "approve"
  mcp-proxy            gate an MCP server's tool calls: mcp-proxy [--name N] -- <command> [args…]
  init claude          put Gatehouse's hooks into a Claude Code settings file
  init codex           put Gatehouse's hooks into Codex CLI's hooks.json
  init copilot|cursor|amp   the same for Copilot CLI, Cursor, Amp
  init opencode        Gatehouse's plugin for OpenCode (and Kilo on its server)
  demo                 a scripted agent session that shows every kind of decision
  status               relay reachable? token role? sessions waiting?
  pair                 a new pairing code for a browser or phone, with its link and QR code
  chat slack|telegram  set the relay up as a Slack app or a Telegram bot (docs/chat.md)

Options:
  --url URL            relay URL (default $GATEHOUSE_URL, else http://127.0.0.1:8787)
  --token TOKEN        token (default $GATEHOUSE_TOKEN)
  --session ID         session id for mcp and demo (default $GATEHOUSE_SESSION, for mcp then
                       $CLAUDE_CODE_SESSION_ID, else generated)
  --timeout SECONDS    mcp, demo: how long to wait for a human (default 600);
                       hook: how long to wait for the relay (default ${hookTimeouts.giveUpSeconds})
  --on-error ask|deny|none
                       hook: what to answer when the hook itself fails (relay unreachable, 5xx,
                       garbled answer, no answer in time). Claude Code: no decision by default
                       (its own rules decide, as with a failed HTTP hook). Codex, Copilot, Cursor,
                       Amp run a call whose hook fails, so there the default is deny; ask where
                       the agent has one; none (Codex only) leaves it to Codex's sandbox
  --verify             hook, mcp: check every allow's attestation (docs/attestation.md) with the
                       keys pinned for this relay, else kept on first use; on whenever the relay
                       has an entry in $XDG_CONFIG_HOME/gatehouse/pins.json or GATEHOUSE_VERIFY=1
  -v, --version
  -h, --help

init claude [--dir D | --user] [--local] [--relay URL] [--command [--on-error ask|deny]] [--remove]
  HTTP hooks by default: Claude Code posts to the relay itself, with the header
  "Authorization: Bearer $GATEHOUSE_TOKEN" from its environment. --command writes the command
  hook (this gatehouse, by absolute path) instead; either replaces the other.
  --dir D              D/.claude/settings.json (default: the current directory's)
  --user               ~/.claude/settings.json
  --local              .claude/settings.local.json (yours, uncommitted)
  --relay URL          the relay the HTTP hooks post to (default --url)
  --remove             take Gatehouse's hooks out, and nothing else
  --pin                pin the relay's signing keys (GET /.well-known/jwks.json) in pins.json and
                       write the command hook with --verify: every allow must prove itself

hook --agent codex [--on-error none] [--timeout SECONDS]
  Codex runs a call whose hook is silent, so a deny, a question nobody answered within
  --timeout (default and at most 300 s), a refused request and a relay out of reach are all a
  deny (--on-error none: a relay out of reach is no decision, Codex's sandbox and policy decide).

pair [--url URL] [--token ADMIN_TOKEN]
  Takes the relay's admin token: --token, else $GATEHOUSE_ADMIN_TOKEN, else (a relay on this
  machine only) the one npm start wrote to .dev.vars here, in a folder above, or in the clone.
  A deployed relay: GATEHOUSE_URL=https://<your relay> GATEHOUSE_ADMIN_TOKEN=… gatehouse pair

hook --agent copilot|cursor|amp [--on-error ask] [--timeout SECONDS]
  The hook's own deadline is --timeout (default 330 s; it holds a question for a human up to
  20 s less, at most 300 s), below the agent's own hook timeout that init writes; anything short
  of the relay's allow, and every failure of its own, is a deny with the reason.

init … --pin           (every agent) pin the relay's signing keys in pins.json and write the hook
                       with --verify: an allow without a valid attestation for that call is a deny

init copilot [--dir D | --user] [--on-error ask] [--timeout SECONDS] [--remove]
  D/.github/hooks/gatehouse.json (default: the current directory), or with --user
  $COPILOT_HOME/hooks/gatehouse.json (default ~/.copilot)
init cursor [--dir D | --user] [--on-error ask] [--remove]
  D/.cursor/hooks.json, or ~/.cursor/hooks.json; every entry with failClosed: true
init amp [--dir D | --user] [--on-error ask] [--remove]
  prints the amp.permissions rule; --dir D writes D/.amp/settings.json, --user
  $XDG_CONFIG_HOME/amp/settings.json (default ~/.config)

init opencode [--dir D | --user] [--remove]
  D/.opencode/plugin/gatehouse.js, or $XDG_CONFIG_HOME/opencode/plugin/gatehouse.js

init codex [--user | --dir D] [--on-error none] [--trust] [--remove]
  --user               $CODEX_HOME/hooks.json (default ~/.codex; this is the default)
  --dir D              D/.codex/hooks.json (Codex reads it only when it trusts the project)
  --trust              record Codex's trust for exactly the entries written, in
                       $CODEX_HOME/config.toml; without it, init says how to approve them
`;

/** The agents whose hooks `gatehouse hook --agent` speaks. */
const hookAgents = ['claude', 'codex', 'copilot', 'amp', 'cursor', 'opencode'] as const;
type HookAgent = (typeof hookAgents)[number];

/** How long a hook holds a question for a human: the relay's wait, and 20 s below the hook's own deadline. */
const agentWaitSeconds = (deadlineSeconds: number) =>
  Math.max(0, Math.min(hookTimeouts.relayWaitSeconds, deadlineSeconds - 20));

const options = {
  url: { type: 'string' },
  relay: { type: 'string' },
  token: { type: 'string' },
  session: { type: 'string' },
  timeout: { type: 'string' },
  'on-error': { type: 'string' },
  local: { type: 'boolean' },
  user: { type: 'boolean' },
  dir: { type: 'string' },
  command: { type: 'boolean' },
  remove: { type: 'boolean' },
  agent: { type: 'string' },
  trust: { type: 'boolean' },
  pin: { type: 'boolean' },
  verify: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Where this CLI runs from: its version, and the script a command hook should run. */
export interface CliSelf {
  version: string;
  /** Absolute path of the script Node runs (the clone's launcher, or the packed bundle). */
  cliPath: string;
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const warn = (line: string) => process.stderr.write(`${line}\n`);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one command and ends the process once its output is written (exit.ts says why). */
export async function runAndExit(argv: string[], self: CliSelf): Promise<never> {
  return exitWith(await main(argv, self));
}

/** Runs one command; resolves to the process exit code. A failure is one line on stderr, exit 1. */
export async function main(argv: string[], self: CliSelf): Promise<number> {
  try {
    return await run(argv, self);
  } catch (error) {
    warn(`gatehouse: ${relayErrorText(error)}`);
    return 1;
  }
}

async function run(argv: string[], self: CliSelf): Promise<number> {
  // The wrapped server's command line is not ours to parse: mcp-proxy reads its own options.
  // Loaded only when asked for, as `mcp` is: the MCP SDK is no part of the hook's start-up.
  if (argv[0] === 'mcp-proxy') {
    const { runMcpProxy } = await import('./mcp-proxy.ts');
    return runMcpProxy(argv.slice(1), { print, warn });
  }
  // Each chat service's setup reads its own options (client/cli/chat.ts).
  if (argv[0] === 'chat') {
    const { runChat } = await import('./chat.ts');
    return runChat(argv.slice(1), { print, warn });
  }
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    warn(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, subject] = positionals;
  if (values.version) {
    print(self.version);
    return 0;
  }
  if (values.help || !command) {
    (values.help ? print : warn)(usage);
    return values.help ? 0 : 2;
  }

  const url = values.url ?? process.env.GATEHOUSE_URL ?? 'http://127.0.0.1:8787';
  const token = values.token ?? process.env.GATEHOUSE_TOKEN ?? '';
  const sessionId = values.session ?? process.env.GATEHOUSE_SESSION;
  const codex = values.agent === 'codex' || (command === 'init' && subject === 'codex');
  if (values.agent !== undefined && !(hookAgents as readonly string[]).includes(values.agent)) {
    warn(`--agent is ${hookAgents.join(', ')}`);
    return 2;
  }
  const agent = (values.agent ?? 'claude') as HookAgent;
  const hookDefault = codex ? hookTimeouts.relayWaitSeconds : hookTimeouts.giveUpSeconds;
  const timeoutSeconds = Number(values.timeout ?? (command === 'hook' ? hookDefault : 600));
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0) {
    warn('--timeout takes a number of seconds');
    return 2;
  }
  const onError = values['on-error'];
  if (onError !== undefined && !(onErrorChoices as readonly string[]).includes(onError)) {
    warn('--on-error is ask, deny or none');
    return 2;
  }
  if (codex && onError === 'ask') {
    warn('--on-error for Codex is deny: Codex ignores a hook that asks');
    return 2;
  }
  if ((agent === 'copilot' || agent === 'amp' || agent === 'cursor') && onError === 'none') {
    warn(`--on-error for ${agent} is deny or ask: a hook that says nothing lets the call run`);
    return 2;
  }
  const pins = pinsPath();
  // Attestations are checked when asked for, or once this relay's keys are kept here.
  let keyStore: KeyStore | null = null;
  try {
    const store = fileKeyStore(pins, url);
    const wanted = values.verify || process.env.GATEHOUSE_VERIFY === '1';
    if (command !== 'init' && (wanted || (await store.load()) !== null)) keyStore = store;
  } catch (error) {
    // An unreadable pins file must not switch verification off: every allow is then refused.
    if (command === 'hook' || command === 'mcp') {
      warn(`gatehouse: ${pins}: ${error instanceof Error ? error.message : error}; refusing allows`);
      keyStore = { load: async () => ({ keys: [], source: 'pinned', savedAt: '' }), save: async () => {} };
    }
  }
  let client: GatehouseClient | null = null;
  try {
    client = token
      ? createClient({ url, token, fetch: nodeFetch, ...(keyStore ? { verify: keyStore } : {}) })
      : null;
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
      const hookIo = { stdin: await readStdin(), write: (text: string) => process.stdout.write(text), warn };
      if (agent === 'copilot') {
        const { runCopilotHook } = await import('./copilot/hook.ts');
        const { configuredMcpServers } = await import('./copilot/mcp-names.ts');
        return runCopilotHook(
          client,
          {
            mcpServers: configuredMcpServers(process.env.COPILOT_HOME || join(homedir(), '.copilot')),
            onError: onError === 'ask' ? 'ask' : 'deny',
            deadlineSeconds: timeoutSeconds,
            waitSeconds: agentWaitSeconds(timeoutSeconds),
          },
          hookIo,
        );
      }
      if (agent === 'amp') {
        const { runAmpHook } = await import('./amp/hook.ts');
        return runAmpHook(
          client,
          {
            onError: onError === 'ask' ? 'ask' : 'deny',
            deadlineSeconds: timeoutSeconds,
            waitSeconds: agentWaitSeconds(timeoutSeconds),
            toolName: process.env.AGENT_TOOL_NAME,
            threadId: process.env.AMP_THREAD_ID,
            cwd: process.cwd(),
          },
          hookIo,
        );
      }
      if (agent === 'opencode') {
        const { runOpenCodeHook } = await import('./opencode/hook.ts');
        return runOpenCodeHook(
          client,
          { deadlineSeconds: timeoutSeconds, waitSeconds: agentWaitSeconds(timeoutSeconds) },
          hookIo,
        );
      }
      if (agent === 'cursor') {
        const { runCursorHook } = await import('./cursor/hook.ts');
        return runCursorHook(
          client,
          {
            onError: onError === 'ask' ? 'ask' : 'deny',
            deadlineSeconds: timeoutSeconds,
            waitSeconds: agentWaitSeconds(timeoutSeconds),
          },
          hookIo,
        );
      }
      if (codex) {
        return runCodexHook(
          client,
          {
            onError: onError === 'none' ? 'none' : 'deny',
            waitSeconds: Math.min(timeoutSeconds, hookTimeouts.relayWaitSeconds),
          },
          hookIo,
        );
      }
      // The same hook as the fast entry (hook-command.ts): no SDK client, the answer checked without zod.
      return runHook(
        token && client ? claudeHookPoster({ url, token }) : null,
        {
          onError: (onError ?? 'none') as OnError,
          timeoutMs: timeoutSeconds * 1000,
          verify:
            keyStore && client
              ? {
                  client,
                  verifier: createVerifier({ url, store: keyStore, fetch: nodeFetch }),
                  load: () => import('./hook-verify.ts'),
                }
              : null,
        },
        hookIo,
      );
    }
    case 'mcp': {
      // The MCP SDK is loaded only here: every other command, the hook above all, starts without it.
      const { runMcp } = await import('./mcp.ts');
      return runMcp({
        client,
        sessionId: mcpSessionId(sessionId, process.env, () => `mcp-${randomUUID()}`),
        timeoutSeconds,
        version: self.version,
      });
    }
    case 'init': {
      if (values.pin && !values.remove) {
        try {
          const pinned = await pinRelay(pins, url, nodeFetch, token || undefined);
          print(
            `Pinned ${pinned.keys.length} key(s) of ${url} in ${pins}: ${pinned.keys.map((key) => key.kid).join(', ')}`,
          );
          if (pinned.passkeys)
            print(
              `Pinned ${pinned.passkeys.length} passkey(s) and step-up ${pinned.stepUp?.minRisk ?? 'critical'} (in force once a passkey is pinned)`,
            );
        } catch (error) {
          warn(`could not pin the relay's keys: ${error instanceof Error ? error.message : error}`);
          return 1;
        }
      }
      if (subject === 'opencode') {
        const { runInitOpenCode } = await import('./opencode/init.ts');
        return runInitOpenCode(
          {
            user: values.user,
            dir: values.dir,
            remove: values.remove,
            // --pin: the hook checks every allow's attestation, even before pins.json has the relay.
            argv: [process.execPath, self.cliPath, 'hook', ...(values.pin ? ['--verify'] : [])],
            timeoutSeconds: values.timeout === undefined ? undefined : timeoutSeconds,
            home: homedir(),
            env: process.env,
            cwd: process.cwd(),
          },
          { print },
        );
      }
      if (subject === 'copilot' || subject === 'amp' || subject === 'cursor') {
        if (onError !== undefined && onError !== 'ask') {
          warn(`--on-error for ${subject} is ask (deny is the default)`);
          return 2;
        }
        const { runInitAgent } = await import('./init-agents.ts');
        return runInitAgent(
          subject,
          {
            user: values.user,
            dir: values.dir,
            remove: values.remove,
            onError: onError === 'ask' ? 'ask' : undefined,
            timeoutSeconds: values.timeout === undefined ? undefined : timeoutSeconds,
            command: `${hookCommand(process.execPath, self.cliPath)}${values.pin ? ' --verify' : ''}`,
            home: homedir(),
            env: process.env,
            cwd: process.cwd(),
          },
          { print, warn },
        );
      }
      if (subject === 'codex') {
        return runInitCodex(
          {
            user: values.user,
            dir: values.dir,
            remove: values.remove,
            trust: values.trust,
            onError: onError === 'none' ? 'none' : undefined,
            command: `${hookCommand(process.execPath, self.cliPath)}${values.pin ? ' --verify' : ''}`,
            codexHome: process.env.CODEX_HOME || join(homedir(), '.codex'),
            cwd: process.cwd(),
          },
          { print, warn },
        );
      }
      if (subject !== 'claude') {
        warn(
          'usage: gatehouse init claude|codex|copilot|cursor|amp [--dir D | --user] … (gatehouse --help says more)',
        );
        return 2;
      }
      if (onError !== undefined && !values.command && !values.pin) {
        warn('--on-error is for the command hook (--command): a failed HTTP hook is always no decision');
        return 2;
      }
      const path = claudeSettingsPath({
        dir: values.dir,
        user: values.user,
        local: values.local,
        cwd: process.cwd(),
        home: homedir(),
      });
      const relayUrl = values.relay ?? url;
      const result = await initClaude(
        path,
        values.remove
          ? undefined
          : values.command || values.pin
            ? {
                type: 'command',
                // An HTTP hook cannot check an attestation: --pin needs the command hook.
                command: `${hookCommand(process.execPath, self.cliPath)}${values.pin ? ' --verify' : ''}`,
                onError: onError as OnError | undefined,
              }
            : { type: 'http', relayUrl },
      );
      for (const line of describeInit(result, values.remove ?? false)) print(line);
      if (values.remove) return 0;
      print(
        values.command || values.pin
          ? 'Claude Code passes its environment to hooks: start it with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) set.'
          : 'Start Claude Code with GATEHOUSE_TOKEN set to an agent token: the hooks send it from there.',
      );
      if (!values.command && !values.pin && new URL(relayUrl).protocol === 'http:' && !isLoopback(relayUrl))
        warn(`note: ${relayUrl} is plain HTTP; the token crosses the network unencrypted.`);
      return 0;
    }
    case 'demo': {
      const demoClient = needClient();
      if (!demoClient) return 2;
      // Loaded only here: its call descriptions bring the shield's program catalogs (≈ 200 KB),
      // which every other command, the agents' hooks above all, starts without.
      const { runDemo } = await import('./demo.ts');
      return runDemo({
        client: demoClient,
        sessionId: sessionId ?? `demo-${Date.now().toString(36)}`,
        timeoutSeconds,
        cwd: process.cwd(),
        print,
        progress: createProgress(process.stderr),
      });
    }
    case 'pair':
      return runPair(
        {
          url,
          token: values.token,
          env: process.env,
          cwd: process.cwd(),
          cloneRoot: join(dirname(self.cliPath), '..', '..'),
        },
        { print, warn },
      );
    case 'status': {
      const statusClient = needClient();
      if (!statusClient) return 2;
      // Loaded only here, as demo is: it describes the calls waiting with the shield's catalogs.
      const { runStatus } = await import('./status.ts');
      const code = await runStatus(statusClient, print);
      print(`keys    ${await describePins(pins, url)}`);
      return code;
    }
    default:
      warn(`unknown command: ${command}\n\n${usage}`);
      return 2;
  }
}
