import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ampCallOf, runAmpHook } from '../../client/cli/amp/hook.ts';
import { runCodexHook } from '../../client/cli/codex/hook.ts';
import { runCopilotHook } from '../../client/cli/copilot/hook.ts';
import { relayCallOf } from '../../client/cli/copilot/input.ts';
import { CursorHookInput, cursorCallOf, runCursorHook } from '../../client/cli/cursor/hook.ts';
import { nodeFetch } from '../../client/cli/node-fetch.ts';
import { openCodeCallOf, runOpenCodeHook } from '../../client/cli/opencode/hook.ts';
import { createClient } from '../../client/sdk/index.ts';
import { unansweredText, userDenialText } from '../../shared/answers/index.ts';

// The hooks of agents that fail open when a hook fails (Copilot CLI, Cursor without failClosed,
// Amp, Codex), against a scripted relay: what each says for each answer of the relay, in its own
// words with the shared texts (shared/answers), and that each one's own failure is an explicit
// deny with the reason — or the agent's ask where it has one and `--on-error ask` says so.

const servers: Server[] = [];
let writesDir = '';
beforeEach(async () => {
  writesDir = await mkdtemp(join(tmpdir(), 'gatehouse-unit-agent-hooks-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
  await rm(writesDir, { recursive: true, force: true });
});

type Reply = { status: number; body: unknown } | 'garbled' | 'hang';

/** A relay stand-in: declarations accepted; every other request gets `reply`. */
async function relay(reply: (method: string) => Reply) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'PUT') return json(res, 200, sessionView);
      const answer = reply(req.method ?? '');
      if (answer === 'hang') return;
      if (answer === 'garbled') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"outcome": "allow"');
      }
      json(res, answer.status, answer.body);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const sessionView = {
  sessionId: 's',
  title: null,
  agent: 'x',
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction: null,
  queueLength: 0,
  createdAt: '2026-12-01T00:00:00Z',
  updatedAt: '2026-12-01T00:00:00Z',
};

const decision = (behavior: 'allow' | 'deny' | 'ask', extra: Record<string, unknown> = {}) => ({
  toolCallId: 'x',
  behavior,
  source: 'rule',
  reasonCode: `normalized_rule_${behavior}`,
  reason: 'Denied by the rule Bash(git push:*).',
  matchedRule: 'Bash(git push:*)',
  risk: 'high',
  ...extra,
});
const state = (outcome: 'allow' | 'deny' | 'pending', extra: Record<string, unknown> = {}) => ({
  toolCallId: 'x',
  tool: 'Bash',
  outcome,
  decision: decision(outcome === 'pending' ? 'ask' : outcome),
  ...extra,
});
const userDeny = state('deny', {
  decision: decision('ask'),
  resolution: {
    toolCallId: 'x',
    behavior: 'deny',
    source: 'user',
    actionId: 'deny',
    scope: 'once',
    comment: 'not on main',
  },
});
const canceled = state('deny', {
  decision: decision('ask'),
  resolution: { toolCallId: 'x', behavior: 'deny', source: 'cancel', actionId: 'canceled', scope: 'once' },
});

async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** What one agent's hook answered, as a verdict the table compares: allow / ask / deny and the text. */
interface Said {
  verdict: 'allow' | 'ask' | 'deny' | 'silent';
  text: string;
}

type OnError = 'deny' | 'ask';
interface Agent {
  name: string;
  /** Runs the hook on a call (`ls`) against `url` (null: no token), or on raw stdin. */
  run(url: string | null, options: { onError?: OnError; stdin?: string; token?: string }): Promise<Said>;
  /** Whether the agent has an ask a failure may turn into. */
  hasAsk: boolean;
}

const client = (url: string | null, token = 'gh_agent_unit') =>
  url ? createClient({ url, token, fetch: nodeFetch }) : null;
const io = (stdin: string) => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdin, write: (t: string) => out.push(t), warn: (t: string) => err.push(t) }, out, err };
};
const wait = { waitSeconds: 0, deadlineSeconds: 5 };

const copilotInput = (hookName?: string) =>
  JSON.stringify({
    ...(hookName
      ? { hookName, toolInput: { command: 'ls' } }
      : { toolArgs: { command: 'ls', description: 'list' } }),
    sessionId: '7b0ba9ca-44a6-44cc-8227-1d1801212b4a',
    timestamp: 1796186119356,
    cwd: '/work/project',
    toolName: 'bash',
  });

const copilot = (hookName?: 'permissionRequest'): Agent => ({
  name: `copilot ${hookName ?? 'preToolUse'}`,
  hasAsk: hookName === undefined,
  async run(url, options) {
    const { io: hookIo, out } = io(options.stdin ?? copilotInput(hookName));
    const code = await runCopilotHook(
      client(url, options.token),
      { onError: options.onError ?? 'deny', ...wait, writesDir },
      hookIo,
    );
    expect(code).toBe(0);
    const answer = out.length === 0 ? undefined : JSON.parse(out.join(''));
    if (answer === undefined) return { verdict: 'silent', text: '' };
    if ('behavior' in answer) return { verdict: answer.behavior, text: answer.message ?? '' };
    return { verdict: answer.permissionDecision, text: answer.permissionDecisionReason ?? '' };
  },
});

const cursor: Agent = {
  name: 'cursor',
  hasAsk: true,
  async run(url, options) {
    const stdin =
      options.stdin ??
      JSON.stringify({
        hook_event_name: 'beforeShellExecution',
        conversation_id: 'c-1',
        generation_id: 'g-1',
        workspace_roots: ['/work/project'],
        command: 'ls',
        cwd: '/work/project',
      });
    const { io: hookIo, out } = io(stdin);
    expect(
      await runCursorHook(
        client(url, options.token),
        { onError: options.onError ?? 'deny', ...wait },
        hookIo,
      ),
    ).toBe(0);
    const answer = JSON.parse(out.join(''));
    if (answer.permission !== 'allow') expect(answer.user_message).toBe(`Gatehouse: ${answer.agent_message}`);
    return { verdict: answer.permission, text: answer.agent_message ?? '' };
  },
};

const amp: Agent = {
  name: 'amp',
  hasAsk: true,
  async run(url, options) {
    const { io: hookIo, out, err } = io(options.stdin ?? JSON.stringify({ cmd: 'ls' }));
    const code = await runAmpHook(
      client(url, options.token),
      {
        onError: options.onError ?? 'deny',
        ...wait,
        toolName: 'Bash',
        threadId: 'T-1',
        cwd: '/work/project',
      },
      hookIo,
    );
    expect(out).toEqual([]);
    return { verdict: code === 0 ? 'allow' : code === 1 ? 'ask' : 'deny', text: err.join('\n') };
  },
};

const codex: Agent = {
  name: 'codex',
  hasAsk: false,
  async run(url, options) {
    const stdin =
      options.stdin ??
      JSON.stringify({
        session_id: '019b0c1e-0000-7000-8000-000000000001',
        turn_id: 't1',
        cwd: '/work/project',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: 'call_1',
      });
    const { io: hookIo, out } = io(stdin);
    await runCodexHook(
      client(url, options.token),
      { onError: 'deny', waitSeconds: 0, editsDir: writesDir },
      hookIo,
    );
    if (out.length === 0) return { verdict: 'allow', text: '' };
    const answer = JSON.parse(out.join('')).hookSpecificOutput;
    return { verdict: answer.permissionDecision, text: answer.permissionDecisionReason };
  },
};

const opencode = (event: 'tool' | 'permission'): Agent => ({
  name: `opencode ${event}`,
  hasAsk: false,
  async run(url, options) {
    const stdin =
      options.stdin ??
      JSON.stringify(
        event === 'tool'
          ? {
              event,
              sessionID: 'ses_1',
              callID: 'call_1',
              tool: 'bash',
              args: { command: 'ls' },
              cwd: '/work/project',
            }
          : {
              event,
              sessionID: 'ses_1',
              callID: 'call_1',
              permission: 'bash',
              patterns: ['ls'],
              metadata: {},
            },
      );
    const { io: hookIo, out } = io(stdin);
    expect(await runOpenCodeHook(client(url, options.token), wait, hookIo)).toBe(0);
    const answer = JSON.parse(out.join(''));
    return answer.allow ? { verdict: 'allow', text: '' } : { verdict: 'deny', text: answer.message };
  },
});

const agents = [
  copilot(),
  copilot('permissionRequest'),
  cursor,
  amp,
  codex,
  opencode('tool'),
  opencode('permission'),
];

describe.each(agents.map((agent) => [agent.name, agent] as const))('%s', (_name, agent) => {
  it("the relay's allow lets the call run", async () => {
    const url = await relay(() => ({ status: 200, body: state('allow') }));
    expect((await agent.run(url, {})).verdict).toBe('allow');
  });

  it("a rule's deny: the shared text, naming the rule, saying it will be denied again", async () => {
    const url = await relay(() => ({ status: 200, body: state('deny') }));
    expect(await agent.run(url, {})).toEqual({
      verdict: 'deny',
      text: 'Gatehouse denied this call: Denied by the rule Bash(git push:*). The same call will be denied again, so do not retry it; do it another way or ask the user.',
    });
  });

  it("a user's deny: do not retry, ask the user, with the comment", async () => {
    const url = await relay(() => ({ status: 200, body: userDeny }));
    expect(await agent.run(url, {})).toEqual({ verdict: 'deny', text: userDenialText('not on main') });
  });

  it('a question nobody answered within the wait: said so, never "the user denied"', async () => {
    const url = await relay((method) => ({
      status: 200,
      body: method === 'DELETE' ? canceled : state('pending'),
    }));
    expect(await agent.run(url, {})).toEqual({ verdict: 'deny', text: unansweredText(0) });
  });

  // The fail-closed table: each of the hook's own failures is an explicit deny with the reason.
  const failures: Array<
    [string, () => Promise<{ url: string | null; stdin?: string; token?: string }>, RegExp]
  > = [
    [
      'relay unreachable',
      async () => ({ url: `http://127.0.0.1:${await closedPort()}` }),
      /could not be asked.*ECONNREFUSED|could not be asked/,
    ],
    ['no token configured', async () => ({ url: null }), /no relay configured|GATEHOUSE_TOKEN/],
    [
      'bad token (401)',
      async () => ({
        url: await relay(() => ({
          status: 401,
          body: { error: { code: 'unauthorized', message: 'token not valid' } },
        })),
      }),
      /token not valid/,
    ],
    [
      'relay error (500)',
      async () => ({
        url: await relay(() => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } })),
      }),
      /could not be asked/,
    ],
    ['garbled answer', async () => ({ url: await relay(() => 'garbled') }), /could not be asked/],
    [
      'stdin not JSON',
      async () => ({ url: await relay(() => ({ status: 200, body: state('allow') })), stdin: '{not json' }),
      /not JSON|could not/,
    ],
    [
      'stdin not the agent’s shape',
      async () => ({ url: await relay(() => ({ status: 200, body: state('allow') })), stdin: '[1,2]' }),
      /not|could not/,
    ],
  ];
  it.each(failures)('own failure, %s: an explicit deny with the reason', async (_failure, setup, reason) => {
    const { url, stdin, token } = await setup();
    const said = await agent.run(url, {
      ...(stdin === undefined ? {} : { stdin }),
      ...(token ? { token } : {}),
    });
    expect(said.verdict).toBe('deny');
    expect(said.text).toMatch(reason);
  });

  it.runIf(agent.hasAsk)('--on-error ask: the hook’s own failure goes to the agent’s ask', async () => {
    const said = await agent.run(`http://127.0.0.1:${await closedPort()}`, { onError: 'ask' });
    expect(said.verdict).toBe('ask');
    expect(said.text).toMatch(/could not be asked/);
  });
});

describe('the hook’s own deadline', () => {
  it('Copilot: a relay that never answers is a deny before Copilot’s timeoutSec', async () => {
    const url = await relay(() => 'hang');
    const { io: hookIo, out } = io(copilotInput());
    await runCopilotHook(
      client(url),
      { onError: 'deny', waitSeconds: 0, deadlineSeconds: 0.3, writesDir },
      hookIo,
    );
    expect(JSON.parse(out.join(''))).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/deadline/),
    });
  });
});

describe('tool maps: the documented shapes as the calls Gatehouse knows', () => {
  const copilotCall = (toolName: string, args: Record<string, unknown>, hookName?: string) =>
    relayCallOf({
      sessionId: 's',
      toolName,
      ...(hookName ? { hookName, toolInput: args } : { toolArgs: args }),
    });
  it.each([
    [
      'bash',
      { command: 'ls', description: 'x' },
      undefined,
      { tool: 'Bash', input: { command: 'ls', description: 'x' } },
    ],
    [
      'create',
      { path: '/p/a.txt', file_text: 'A\n' },
      undefined,
      { tool: 'Write', input: { file_path: '/p/a.txt', content: 'A\n' } },
    ],
    [
      'edit',
      { path: '/p/a.txt', old_str: 'A', new_str: 'B' },
      undefined,
      { tool: 'Edit', input: { file_path: '/p/a.txt', old_string: 'A', new_string: 'B' } },
    ],
    [
      'edit',
      {
        file_path: '/p/b.txt',
        diff: '\ndiff --git a/p/b.txt b/p/b.txt\ncreate file mode 100644\nindex 0000000..0000000\n--- a/dev/null\n+++ b/p/b.txt\n@@ -1,0 +1,2 @@\n+B\n+C\n',
      },
      'permissionRequest',
      { tool: 'Write', input: { file_path: '/p/b.txt', content: 'B\nC\n' } },
    ],
    ['view', { path: '/p/a.txt' }, undefined, { tool: 'Read', input: { file_path: '/p/a.txt' } }],
    [
      'log-server/write_file',
      { path: 'a', content: 'x' },
      'permissionRequest',
      { tool: 'mcp__log-server__write_file', input: { path: 'a', content: 'x' } },
    ],
    [
      'github/list-issues',
      { repo: 'x' },
      'permissionRequest',
      { tool: 'mcp__github__list-issues', input: { repo: 'x' } },
    ],
    ['fs-write_file', { path: 'a' }, undefined, { tool: 'mcp__fs__write_file', input: { path: 'a' } }],
  ] as const)('Copilot %s', (tool, args, hookName, expected) => {
    expect(copilotCall(tool, args, hookName)).toEqual(expected);
  });

  it("Copilot's preToolUse name `<server>-<tool>` is split after the longest configured server", () => {
    const servers = ['log', 'log-server', 'github-mcp-server'];
    const call = (toolName: string) => relayCallOf({ sessionId: 's', toolName, toolArgs: {} }, servers).tool;
    expect(call('log-server-write_file')).toBe('mcp__log-server__write_file');
    expect(call('log-read')).toBe('mcp__log__read');
    expect(call('github-mcp-server-get_issue')).toBe('mcp__github-mcp-server__get_issue');
    // A server only on the command line: split at the first '-'.
    expect(call('other-srv-tool')).toBe('mcp__other__srv-tool');
    expect(call('report_intent')).toBe('report_intent');
  });

  it.each([
    [
      { event: 'tool', sessionID: 's', tool: 'bash', args: { command: 'ls', description: 'x' } },
      { tool: 'Bash', input: { command: 'ls', description: 'x' } },
    ],
    [
      { event: 'tool', sessionID: 's', tool: 'write', args: { filePath: '/p/a', content: 'A' } },
      { tool: 'Write', input: { file_path: '/p/a', content: 'A' } },
    ],
    [
      {
        event: 'tool',
        sessionID: 's',
        tool: 'edit',
        args: { filePath: '/p/a', oldString: 'A', newString: 'B' },
      },
      { tool: 'Edit', input: { file_path: '/p/a', old_string: 'A', new_string: 'B' } },
    ],
    [
      { event: 'tool', sessionID: 's', tool: 'read', args: { filePath: '/p/a' } },
      { tool: 'Read', input: { file_path: '/p/a' } },
    ],
    [
      { event: 'tool', sessionID: 's', tool: 'webfetch', args: { url: 'https://x.test' } },
      { tool: 'WebFetch', input: { url: 'https://x.test' } },
    ],
    [
      {
        event: 'permission',
        sessionID: 's',
        permission: 'bash',
        patterns: ['git', 'push'],
        metadata: { command: 'git push' },
      },
      { tool: 'Bash', input: { command: 'git push' } },
    ],
    [
      {
        event: 'permission',
        sessionID: 's',
        permission: 'edit',
        patterns: ['/p/a'],
        metadata: { filepath: '/p/a', diff: '@@' },
      },
      { tool: 'Edit', input: { file_path: '/p/a', diff: '@@' } },
    ],
  ] as const)('OpenCode %j', (input, expected) => {
    expect(
      openCodeCallOf({ ...input, patterns: 'patterns' in input ? [...input.patterns] : undefined } as never),
    ).toEqual(expected);
  });

  it.each([
    ['Bash', { cmd: 'ls -la', cwd: '/p' }, { tool: 'Bash', input: { command: 'ls -la', cwd: '/p' } }],
    [
      'create_file',
      { path: '/p/a', content: 'A' },
      { tool: 'Write', input: { file_path: '/p/a', content: 'A' } },
    ],
    [
      'edit_file',
      { path: '/p/a', old_str: 'A', new_str: 'B' },
      { tool: 'Edit', input: { file_path: '/p/a', old_string: 'A', new_string: 'B' } },
    ],
    ['Read', { path: '/p/a' }, { tool: 'Read', input: { file_path: '/p/a' } }],
    ['mcp__fs__write_file', { path: '/p/a' }, { tool: 'mcp__fs__write_file', input: { path: '/p/a' } }],
  ] as const)('Amp %s', (tool, args, expected) => {
    expect(ampCallOf(tool, args)).toEqual(expected);
  });

  it.each([
    [
      { hook_event_name: 'beforeShellExecution', command: 'git status', cwd: '/p' },
      { tool: 'Bash', input: { command: 'git status', cwd: '/p' } },
    ],
    [
      { hook_event_name: 'beforeReadFile', file_path: '/p/.env', content: 'X=1' },
      { tool: 'Read', input: { file_path: '/p/.env' } },
    ],
    [
      {
        hook_event_name: 'beforeMCPExecution',
        tool_name: 'write_file',
        tool_input: '{"path":"/p/a"}',
        command: 'npx @modelcontextprotocol/server-filesystem',
      },
      { tool: 'mcp__npx__write_file', input: { path: '/p/a' } },
    ],
    [
      {
        hook_event_name: 'beforeMCPExecution',
        tool_name: 'search',
        tool_input: { q: 'x' },
        url: 'https://mcp.example.com/sse',
      },
      { tool: 'mcp__mcp_example_com__search', input: { q: 'x' } },
    ],
    [
      { hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { path: '/p/a', contents: 'A' } },
      { tool: 'Write', input: { path: '/p/a', contents: 'A', file_path: '/p/a' } },
    ],
    [{ hook_event_name: 'afterFileEdit', file_path: '/p/a' }, undefined],
  ])('Cursor %j', (input, expected) => {
    expect(cursorCallOf(CursorHookInput.parse(input))).toEqual(expected);
  });
});
