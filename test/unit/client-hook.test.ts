import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OnError, runHook } from '../../client/cli/hook.ts';
import { nodeFetch } from '../../client/cli/node-fetch.ts';
import { createClient } from '../../client/sdk/index.ts';

// `gatehouse hook` against relays that fail in every way a relay can: each is "no decision" (no
// output, exit 0, as a failed HTTP hook is for Claude Code) unless --on-error asks for more.

const preToolUse = {
  session_id: 'hook-unit',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf build' },
  tool_use_id: 'toolu_unit',
  cwd: '/work/project',
};
const permissionRequest = { ...preToolUse, hook_event_name: 'PermissionRequest', tool_use_id: undefined };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A relay stand-in on a random loopback port; returns its URL. */
async function relay(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => answer(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** The CLI's transport (node:http) and the SDK's default (fetch): one suite for both. */
let transport: typeof fetch | undefined;

async function hook(url: string, stdin: unknown, onError: OnError = 'none', timeoutMs = 5000) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runHook(
    createClient({ url, token: 'gh_agent_token', ...(transport ? { fetch: transport } : {}) }),
    { onError, timeoutMs },
    {
      stdin: typeof stdin === 'string' ? stdin : JSON.stringify(stdin),
      write: (text) => out.push(text),
      warn: (text) => err.push(text),
    },
  );
  return { code, stdout: out.join(''), stderr: err.join('\n') };
}

const allow = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'Read only reads.',
  },
};

/**
 * A relay that fails, and the hook's deadline for it. Only the relay that never answers waits
 * out its deadline, so that one is short; every other relay answers at once, and a long deadline
 * keeps its outcome from depending on how busy the machine is.
 */
type Failure = [string, () => Promise<string>, RegExp, number?];
const failures: Failure[] = [
  ['connection refused', async () => `http://127.0.0.1:${await closedPort()}`, /unreachable/],
  // Accepts the request and never answers: the hook's own deadline ends it.
  ['no answer in time', () => relay(() => undefined), /no answer from the relay within 0.05 s/, 50],
  [
    'a 500',
    () => relay((_req, res) => json(res, 500, { error: { code: 'internal', message: 'boom' } })),
    /boom/,
  ],
  ['a 502 with an HTML page', () => relay((_req, res) => json(res, 502, '<html>Bad gateway</html>')), /502/],
  [
    'a 401',
    () => relay((_req, res) => json(res, 401, { error: { code: 'unauthorized', message: 'bad token' } })),
    /bad token/,
  ],
  [
    'a 400 (input the relay refuses)',
    () =>
      relay((_req, res) => json(res, 400, { error: { code: 'invalid_request', message: 'no tool_name' } })),
    /no tool_name/,
  ],
  [
    'a 400 naming the field it refused (the relay’s own detail passed on)',
    () =>
      relay((_req, res) =>
        json(res, 400, {
          error: {
            code: 'invalid_request',
            message: 'invalid body',
            details: [{ path: 'tool_use_id', message: 'Invalid input: expected string, received undefined' }],
          },
        }),
      ),
    /invalid body: tool_use_id: Invalid input: expected string, received undefined/,
  ],
  ['a 200 that is not JSON', () => relay((_req, res) => json(res, 200, 'allow')), /not JSON/],
  [
    'a 200 with a decision outside the contract',
    () =>
      relay((_req, res) =>
        json(res, 200, {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'yes',
            permissionDecisionReason: '',
          },
        }),
      ),
    /does not match the contract/,
  ],
  [
    "a 200 with the other event's answer",
    () =>
      relay((_req, res) =>
        json(res, 200, {
          hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
        }),
      ),
    /does not match the contract/,
  ],
  [
    'a 200 with an empty object',
    () => relay((_req, res) => json(res, 200, {})),
    /does not match the contract/,
  ],
];

describe.each([
  ['node:http, as the CLI sends', nodeFetch],
  ['fetch', undefined],
])('gatehouse hook over %s', (_name, fetchImplementation) => {
  beforeEach(() => {
    transport = fetchImplementation;
  });

  it("posts the hook JSON to the event's route with the token and prints the relay's answer", async () => {
    const seen: Array<{ url: string | undefined; auth: string | undefined; body: unknown }> = [];
    const url = await relay((req, res, body) => {
      seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
      // A field the contract does not name is not passed on to Claude Code.
      json(res, 200, { ...allow, continue: false });
    });
    const run = await hook(url, preToolUse);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual(allow);
    expect(seen).toEqual([
      { url: '/api/v1/hooks/claude/pre-tool-use', auth: 'Bearer gh_agent_token', body: preToolUse },
    ]);
  });

  it.each(failures)(
    'relay fails (%s): no output, exit 0, the reason on stderr',
    async (_what, start, reason, timeoutMs) => {
      const run = await hook(await start(), preToolUse, 'none', timeoutMs);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(reason);
      expect(run.stderr).toMatch(/no decision/);
    },
  );

  it.each(failures)(
    'relay fails (%s), --on-error ask|deny: that answer, with the reason',
    async (_what, start, reason, timeoutMs) => {
      const url = await start();
      for (const onError of ['ask', 'deny'] as const) {
        const run = await hook(url, preToolUse, onError, timeoutMs);
        expect(run.code).toBe(0);
        const answer = JSON.parse(run.stdout);
        expect(answer).toMatchObject({
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: onError },
        });
        expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(reason);
      }
    },
  );

  it('PermissionRequest: no decision by default and with ask (its dialog is the ask); deny with deny', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    expect((await hook(url, permissionRequest, 'none')).stdout).toBe('');
    expect((await hook(url, permissionRequest, 'ask')).stdout).toBe('');
    expect(JSON.parse((await hook(url, permissionRequest, 'deny')).stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } },
    });
  });

  it.each([
    ['not JSON', '{"hook_event_name": "PreToo'],
    ['JSON null', 'null'],
    ['no event name', { tool_name: 'Bash' }],
  ])(
    'stdin that is %s: the relay is not asked; no decision, or the --on-error answer',
    async (_what, stdin) => {
      let asked = 0;
      const url = await relay((_req, res) => {
        asked += 1;
        json(res, 200, allow);
      });
      const none = await hook(url, stdin);
      expect(none).toMatchObject({ code: 0, stdout: '' });
      // Never an allow when the input could not be read.
      expect(JSON.parse((await hook(url, stdin, 'deny')).stdout)).toMatchObject({
        hookSpecificOutput: { permissionDecision: 'deny' },
      });
      expect(asked).toBe(0);
    },
  );

  it('an event the relay has no route for: no decision, even with --on-error deny', async () => {
    const url = await relay((_req, res) => json(res, 500, {}));
    const run = await hook(url, { ...preToolUse, hook_event_name: 'Notification' }, 'deny');
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toMatch(/no relay route/);
  });

  it('no token configured: the relay is not asked; no decision', async () => {
    const out: string[] = [];
    const code = await runHook(
      null,
      { onError: 'none', timeoutMs: 1000 },
      { stdin: JSON.stringify(preToolUse), write: (text) => out.push(text), warn: () => undefined },
    );
    expect({ code, stdout: out.join('') }).toEqual({ code: 0, stdout: '' });
  });
});
