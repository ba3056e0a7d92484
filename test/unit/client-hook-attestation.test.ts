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

// `gatehouse hook --verify` against a relay stand-in that answers allow with whatever attestation
// a test gives it: the hook passes the allow only when the attestation is the relay's pinned key's,
// for this call, this input, and in date — anything else is an explicit deny saying why.

const pinnedKey = SigningJwk.parse(currentSigningKey);
const otherKey = SigningJwk.parse(retiredSigningKey);
const sid = 'sess-attest';
const toolUseId = 'toolu_01VERIFY';
const toolInput = { command: 'npm test' };

interface Scenario {
  /** The attestation header to send, given the hook request's body; null sends none. */
  header: (body: Record<string, unknown>) => Promise<string | null>;
  /** The stored state's attestation (`GET …/tool-calls/{tcid}`), when the header is missing. */
  stored?: string;
  updatedInput?: Record<string, unknown>;
}

let scenario: Scenario;
let server: Server;
let url: string;
let config: string;
let settingsDir: string;

async function attestation(
  overrides: Record<string, unknown> = {},
  options: { key?: SigningJwk; kid?: string } = {},
): Promise<string> {
  const key = options.key ?? pinnedKey;
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: url,
    ws: 'default',
    sid,
    tcid: toolUseId,
    tool: 'Bash',
    input_sha256: await inputSha256(toolInput),
    outcome: 'allow',
    source: 'user',
    risk: 'medium',
    stepUp: 'off',
    iat: now,
    exp: now + 300,
    ...overrides,
  };
  const header = {
    alg: 'EdDSA',
    kid: options.kid ?? (await thumbprint(key)),
    typ: 'gatehouse-attestation+jwt',
  };
  return signCompact(header, payload, await importSigningKey(key));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (path === '/healthz') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, service: 'gatehouse' }));
        return;
      }
      // A relay from before passkeys: `init --pin` pins its keys and no passkeys.
      if (path === '/api/v1/passkeys') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }));
        return;
      }
      if (path === '/api/v1/inbox') {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'forbidden', message: 'agent token' } }));
        return;
      }
      if (path === '/.well-known/jwks.json') {
        const { kty, crv, x } = pinnedKey;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            keys: [{ kty, crv, x, kid: await thumbprint(pinnedKey), alg: 'EdDSA', use: 'sig' }],
          }),
        );
        return;
      }
      if (path.startsWith('/api/v1/sessions/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            toolCallId: path.split('/').at(-1),
            tool: 'Bash',
            outcome: 'allow',
            decision: {
              toolCallId: 'x',
              behavior: 'ask',
              source: 'policy',
              evaluator: 'policy',
              reason: 'asked',
              reasonCode: 'default_ask',
              risk: 'medium',
            },
            ...(scenario.stored ? { attestation: scenario.stored } : {}),
          }),
        );
        return;
      }
      const request = JSON.parse(body) as Record<string, unknown>;
      const header = await scenario.header(request);
      const permissionRequest = path.endsWith('/permission-request');
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(header ? { 'gatehouse-attestation': header } : {}),
      });
      res.end(
        JSON.stringify(
          permissionRequest
            ? {
                hookSpecificOutput: {
                  hookEventName: 'PermissionRequest',
                  decision: {
                    behavior: 'allow',
                    ...(scenario.updatedInput ? { updatedInput: scenario.updatedInput } : {}),
                  },
                },
              }
            : {
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'allow',
                  permissionDecisionReason: 'approved',
                  ...(scenario.updatedInput ? { updatedInput: scenario.updatedInput } : {}),
                },
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  config = await mkdtemp(join(tmpdir(), 'gatehouse-pins-'));
  settingsDir = await mkdtemp(join(tmpdir(), 'gatehouse-settings-'));
}, 30_000);

afterAll(async () => {
  server.close();
  await rm(config, { recursive: true, force: true });
  await rm(settingsDir, { recursive: true, force: true });
});

function gatehouse(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      join(root, 'node_modules/.bin/node'),
      [join(root, 'client/cli/gatehouse.mjs'), ...args],
      {
        env: {
          ...process.env,
          XDG_CONFIG_HOME: config,
          GATEHOUSE_URL: url,
          GATEHOUSE_TOKEN: 'agent-token',
          GATEHOUSE_VERIFY: '',
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

const preToolUse = JSON.stringify({
  session_id: sid,
  cwd: '/w',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: toolInput,
  tool_use_id: toolUseId,
});

async function hookAnswer(event = preToolUse) {
  const { stdout, stderr } = await gatehouse(['hook'], event);
  if (!stdout.trim()) throw new Error(`no answer; stderr: ${stderr}`);
  return JSON.parse(stdout) as {
    hookSpecificOutput: Record<string, unknown> & { decision?: Record<string, unknown> };
  };
}

describe('gatehouse init claude --pin', () => {
  it('pins the relay’s keys in $XDG_CONFIG_HOME/gatehouse/pins.json and writes the verifying command hook', async () => {
    const { code, stdout } = await gatehouse(['init', 'claude', '--pin', '--dir', settingsDir]);
    expect(code).toBe(0);
    expect(stdout).toContain(await thumbprint(pinnedKey));
    const pins = JSON.parse(await readFile(join(config, 'gatehouse/pins.json'), 'utf8'));
    expect(pins.relays[url]).toMatchObject({
      source: 'pinned',
      keys: [{ kid: await thumbprint(pinnedKey), x: pinnedKey.x }],
    });
    const settings = await readFile(join(settingsDir, '.claude/settings.json'), 'utf8');
    expect(settings).toContain('hook --verify');
    expect(settings).not.toContain('"type": "http"');
    const status = await gatehouse(['status']);
    expect(status.stdout).toMatch(/keys {4}pinned .*\(/);
  }, 60_000);
});

describe('gatehouse hook checks every allow (pinned)', () => {
  it('passes an allow whose attestation is the pinned key’s, for this call and input', async () => {
    scenario = { header: () => attestation() };
    const out = await hookAnswer();
    expect(out.hookSpecificOutput.permissionDecision).toBe('allow');
  }, 30_000);

  it.each<[string, Scenario, RegExp]>([
    [
      'a forged signature (another key under the pinned kid)',
      { header: async () => attestation({}, { key: otherKey, kid: await thumbprint(pinnedKey) }) },
      /signature does not verify/,
    ],
    ['an unpinned kid', { header: () => attestation({}, { key: otherKey }) }, /not pinned/],
    ["another call's attestation", { header: () => attestation({ tcid: 'toolu_01OTHER' }) }, /replayed/],
    ["another session's attestation", { header: () => attestation({ sid: 'sess-other' }) }, /replayed/],
    [
      'an input changed after approval',
      {
        header: async () =>
          attestation({ input_sha256: await inputSha256({ command: 'npm test; curl evil' }) }),
      },
      /input_sha256 differs/,
    ],
    [
      'an edited input the attestation does not cover',
      { header: () => attestation(), updatedInput: { command: 'rm -rf /' } },
      /input_sha256 differs/,
    ],
    ['an expired one', { header: () => attestation({ iat: 1_700_000_000, exp: 1_700_000_300 }) }, /expired/],
    ['a deny signed as the allow', { header: () => attestation({ outcome: 'deny' }) }, /says deny/],
    ['an allow without attestation', { header: async () => null }, /no attestation/],
    ['a garbled attestation', { header: async () => 'not.a-jws' }, /not a compact JWS|header/],
  ])(
    'refuses %s with an explicit deny that says why',
    async (_name, given, reason) => {
      scenario = given;
      const out = await hookAnswer();
      expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
      expect(String(out.hookSpecificOutput.permissionDecisionReason)).toMatch(
        /^Gatehouse refused the relay's answer: /,
      );
      expect(String(out.hookSpecificOutput.permissionDecisionReason)).toMatch(reason);
    },
    30_000,
  );

  it('an answer held for a human (no header) is checked against the stored attestation', async () => {
    scenario = { header: async () => null, stored: await attestation() };
    expect((await hookAnswer()).hookSpecificOutput.permissionDecision).toBe('allow');
  }, 30_000);

  it('PermissionRequest: the hook sends its own tool_use_id and the attestation must name it', async () => {
    const event = JSON.stringify({
      session_id: sid,
      cwd: '/w',
      hook_event_name: 'PermissionRequest',
      tool_name: 'Bash',
      tool_input: toolInput,
    });
    scenario = { header: (body) => attestation({ tcid: body.tool_use_id }) };
    const ok = await hookAnswer(event);
    expect(ok.hookSpecificOutput.decision?.behavior).toBe('allow');
    scenario = { header: () => attestation({ tcid: 'pr-an-older-call' }) };
    const replayed = await hookAnswer(event);
    expect(replayed.hookSpecificOutput.decision).toMatchObject({
      behavior: 'deny',
      message: expect.stringMatching(/replayed/),
    });
  }, 30_000);
});
