import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputSha256 } from '../../shared/approval-key/index.ts';
import { importSigningKey, SigningJwk, signCompact, thumbprint } from '../../shared/attestation/index.ts';
import { currentSigningKey, retiredSigningKey } from '../support/attestation-keys.ts';
import { root } from '../support/local-relay.ts';

// `gatehouse init <agent> --pin`, then `gatehouse hook --agent copilot|cursor|amp|opencode`
// against a relay stand-in that allows every call with whatever attestation a test gives it: each
// agent's hook passes the allow only when the attestation is the pinned key's, for this very call
// (the id the hook asked about), this session, this input and in date — anything else is that
// agent's deny, saying why.

const pinnedKey = SigningJwk.parse(currentSigningKey);
const otherKey = SigningJwk.parse(retiredSigningKey);

interface Submitted {
  sid: string;
  tcid: string;
  input: unknown;
}
/** The attestation for a submitted call; null sends none. */
type Scenario = (call: Submitted) => Promise<string | null>;

let scenario: Scenario;
let server: Server;
let url: string;
let config: string;
let dirs: string;
const states = new Map<string, object>();
/** `GET …/tool-calls/{id}` answers the stored state with another call's attestation. */
let tamperStored = false;

async function attestation(
  call: Submitted,
  overrides: Record<string, unknown> = {},
  options: { key?: SigningJwk; kid?: string } = {},
): Promise<string> {
  const key = options.key ?? pinnedKey;
  const now = Math.floor(Date.now() / 1000);
  return signCompact(
    { alg: 'EdDSA', kid: options.kid ?? (await thumbprint(key)), typ: 'gatehouse-attestation+jwt' },
    {
      iss: url,
      ws: 'default',
      sid: call.sid,
      tcid: call.tcid,
      tool: 'Bash',
      input_sha256: await inputSha256(call.input),
      outcome: 'allow',
      source: 'policy',
      risk: 'medium',
      stepUp: 'off',
      iat: now,
      exp: now + 300,
      ...overrides,
    },
    await importSigningKey(key),
  );
}

const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (path === '/.well-known/jwks.json') {
        const { kty, crv, x } = pinnedKey;
        send(res, 200, {
          keys: [{ kty, crv, x, kid: await thumbprint(pinnedKey), alg: 'EdDSA', use: 'sig' }],
        });
        return;
      }
      // A relay from before passkeys: `init --pin` pins its keys and no passkeys.
      if (path === '/api/v1/passkeys') {
        send(res, 404, { error: { code: 'not_found', message: 'not found' } });
        return;
      }
      const call = /^\/api\/v1\/sessions\/([^/]+)\/tool-calls(?:\/([^/]+))?$/.exec(path);
      if (!call) {
        // The session's declaration and anything else: refused, which the hooks go past.
        send(res, 403, { error: { code: 'forbidden', message: 'not in this stand-in' } });
        return;
      }
      const sid = decodeURIComponent(call[1] ?? '');
      if (req.method === 'POST') {
        const request = JSON.parse(body) as { tool_call_id: string; tool: string; input: unknown };
        const jws = await scenario({ sid, tcid: request.tool_call_id, input: request.input });
        const state = {
          toolCallId: request.tool_call_id,
          tool: request.tool,
          outcome: 'allow',
          decision: {
            toolCallId: request.tool_call_id,
            behavior: 'allow',
            source: 'policy',
            evaluator: 'policy',
            reason: 'allowed by the stand-in',
            reasonCode: 'rule_allow',
            risk: 'medium',
          },
          ...(jws ? { attestation: jws } : {}),
        };
        states.set(request.tool_call_id, state);
        send(res, 200, state);
        return;
      }
      const stored = states.get(decodeURIComponent(call[2] ?? ''));
      if (stored && tamperStored)
        send(res, 200, {
          ...stored,
          attestation: await attestation({ sid, tcid: 'copilot-another-call', input: { any: 'thing' } }),
        });
      else if (stored) send(res, 200, stored);
      else send(res, 404, { error: { code: 'not_found', message: 'no such call' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  config = await mkdtemp(join(tmpdir(), 'gatehouse-agent-pins-'));
  dirs = await mkdtemp(join(tmpdir(), 'gatehouse-agent-init-'));
}, 30_000);

afterAll(async () => {
  server.close();
  await rm(config, { recursive: true, force: true });
  await rm(dirs, { recursive: true, force: true });
});

function gatehouse(
  args: string[],
  stdin = '',
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      join(root, 'node_modules/.bin/node'),
      [join(root, 'client/cli/gatehouse.mjs'), ...args],
      {
        cwd: dirs,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dirs,
          XDG_CONFIG_HOME: config,
          GATEHOUSE_URL: url,
          GATEHOUSE_TOKEN: 'agent-token',
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

type Verdict = { allowed: boolean; text: string };

interface AgentCase {
  agent: 'copilot' | 'cursor' | 'amp' | 'opencode';
  /** Where `init <agent> --pin --dir D` writes, and how its hook command reads there. */
  written: string;
  run(): Promise<Verdict>;
}

const agents: AgentCase[] = [
  {
    agent: 'copilot',
    written: '.github/hooks/gatehouse.json',
    async run() {
      const { stdout } = await gatehouse(
        ['hook', '--verify', '--agent', 'copilot'],
        JSON.stringify({
          sessionId: '7b0ba9ca-44a6-44cc-8227-1d1801212b4a',
          timestamp: Date.now(),
          cwd: '/work/project',
          toolName: 'bash',
          toolArgs: { command: 'npm test' },
        }),
      );
      const answer = JSON.parse(stdout) as { permissionDecision: string; permissionDecisionReason?: string };
      return { allowed: answer.permissionDecision === 'allow', text: answer.permissionDecisionReason ?? '' };
    },
  },
  {
    agent: 'cursor',
    written: '.cursor/hooks.json',
    async run() {
      const { stdout } = await gatehouse(
        ['hook', '--verify', '--agent', 'cursor'],
        JSON.stringify({
          hook_event_name: 'beforeShellExecution',
          conversation_id: 'conv-attest',
          generation_id: `gen-${Date.now()}-${Math.random()}`,
          command: 'npm test',
          cwd: '/work/project',
        }),
      );
      const answer = JSON.parse(stdout) as { permission: string; agent_message?: string };
      return { allowed: answer.permission === 'allow', text: answer.agent_message ?? '' };
    },
  },
  {
    agent: 'amp',
    written: '.amp/settings.json',
    async run() {
      const { code, stderr } = await gatehouse(
        ['hook', '--verify', '--agent', 'amp'],
        JSON.stringify({ cmd: 'npm test' }),
        { AGENT_TOOL_NAME: 'Bash', AMP_THREAD_ID: `T-attest-${Date.now()}` },
      );
      return { allowed: code === 0, text: stderr };
    },
  },
  {
    agent: 'opencode',
    written: '.opencode/plugin/gatehouse.js',
    async run() {
      const { stdout } = await gatehouse(
        ['hook', '--verify', '--agent', 'opencode'],
        JSON.stringify({
          event: 'tool',
          sessionID: 'ses_attest',
          callID: `call_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
          tool: 'bash',
          args: { command: 'npm test' },
        }),
      );
      const answer = JSON.parse(stdout) as { allow: boolean; message?: string };
      return { allowed: answer.allow, text: answer.message ?? '' };
    },
  },
];

describe.each(agents)('$agent: init --pin, then every allow proves itself', ({ agent, written, run }) => {
  it(`init ${agent} --pin pins the relay's keys and writes the hook with --verify`, async () => {
    const dir = join(dirs, agent);
    const { code, stdout, stderr } = await gatehouse(['init', agent, '--pin', '--dir', dir]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(await thumbprint(pinnedKey));
    const pins = JSON.parse(await readFile(join(config, 'gatehouse/pins.json'), 'utf8'));
    expect(pins.relays[url]).toMatchObject({
      source: 'pinned',
      keys: [{ kid: await thumbprint(pinnedKey) }],
    });
    const file = await readFile(join(dir, written), 'utf8');
    expect(file).toMatch(agent === 'opencode' ? /"hook","--verify"/ : /hook --verify --agent/);
  }, 60_000);

  it('passes an allow whose attestation is the pinned key’s, for this call and input', async () => {
    scenario = (call) => attestation(call);
    expect(await run()).toEqual({ allowed: true, text: '' });
  }, 30_000);

  it.each<[string, Scenario, RegExp]>([
    [
      'a forged signature (another key under the pinned kid)',
      async (call) => attestation(call, {}, { key: otherKey, kid: await thumbprint(pinnedKey) }),
      /signature does not verify/,
    ],
    ['an unpinned kid', (call) => attestation(call, {}, { key: otherKey }), /not pinned/],
    ["another call's attestation", (call) => attestation(call, { tcid: 'call-older-one' }), /replayed/],
    ["another session's attestation", (call) => attestation(call, { sid: 'sess-other' }), /replayed/],
    [
      'an input changed after approval',
      async (call) =>
        attestation(call, { input_sha256: await inputSha256({ command: 'npm test; curl evil' }) }),
      /input_sha256 differs/,
    ],
    ['an expired one', (call) => attestation(call, { iat: 1_700_000_000, exp: 1_700_000_300 }), /expired/],
    ['a deny signed as the allow', (call) => attestation(call, { outcome: 'deny' }), /says deny/],
    ['an allow without attestation', async () => null, /no attestation/],
  ])(
    'refuses %s: a deny that says why',
    async (_name, given, reason) => {
      scenario = given;
      const verdict = await run();
      expect(verdict.allowed).toBe(false);
      expect(verdict.text).toContain("the relay's answer failed its attestation check (");
      expect(verdict.text).toMatch(reason);
    },
    30_000,
  );

  it('refuses a garbled attestation: the answer is outside the contract, a deny that says so', async () => {
    scenario = async () => 'not.a-jws';
    const verdict = await run();
    expect(verdict.allowed).toBe(false);
    expect(verdict.text).toMatch(/does not match the contract|not a compact JWS/);
  }, 30_000);
});

describe("Copilot's second ask about a write, answered from the relay's record of the first", () => {
  const sessionId = '0c6f7d2e-5b1a-4c1e-9a57-6a0f1d2e3b4c';
  const file = '/work/project/made.txt';
  const copilot = (event: object, tmp: string) =>
    gatehouse(['hook', '--verify', '--agent', 'copilot'], JSON.stringify(event), { TMPDIR: tmp });
  const create = {
    sessionId,
    timestamp: 1796186119356,
    cwd: '/work/project',
    toolName: 'create',
    toolArgs: { path: file, file_text: 'A\n' },
  };
  const permissionRequest = {
    hookName: 'permissionRequest',
    sessionId,
    timestamp: 1796186120000,
    cwd: '/work/project',
    toolName: 'edit',
    toolInput: {
      file_path: file,
      diff: `\ndiff --git a${file} b${file}\ncreate file mode 100644\nindex 0000000..0000000\n--- a/dev/null\n+++ b${file}\n@@ -1,0 +1,1 @@\n+A\n`,
    },
  };

  it.each([
    ['its attestation checks out: allowed without a second question', false, 'allow'],
    [
      "the record comes back with another call's attestation: not reused, and the call asked anew is refused",
      true,
      'deny',
    ],
  ])(
    '%s',
    async (_name, tampered, behavior) => {
      const tmp = await mkdtemp(join(tmpdir(), 'gatehouse-copilot-notes-'));
      try {
        await gatehouse(['init', 'copilot', '--pin', '--dir', join(dirs, 'copilot-notes')]);
        scenario = (call) => attestation(call);
        const first = JSON.parse((await copilot(create, tmp)).stdout);
        expect(first.permissionDecision).toBe('allow');
        // The permissionRequest's own call, were it asked anew, gets no attestation: refused.
        scenario = async () => null;
        tamperStored = tampered;
        const second = JSON.parse((await copilot(permissionRequest, tmp)).stdout);
        expect(second.behavior).toBe(behavior);
        if (behavior === 'deny') expect(second.message).toMatch(/no attestation/);
      } finally {
        tamperStored = false;
        await rm(tmp, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
