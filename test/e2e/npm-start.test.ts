import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/sdk/index.ts';
import { type LocalRelay, startLocalRelay } from '../support/local-relay.ts';
import { copyTree, type TreeCopy } from '../support/tree-copy.ts';
import { activeInteraction, closedPort } from './client-relay.ts';

// `npm start` as a newcomer runs it, in a copy of the tree as a fresh clone has it: on a port
// given by `--port` (or GATEHOUSE_PORT), and refusing a busy port before it creates anything —
// no .dev.vars written, no pairing code and no agent token minted on the relay already there.
// The banner's curl asks each time it is run (a fresh tool_call_id from the shell).

let tree: TreeCopy;
beforeAll(async () => {
  tree = await copyTree();
});
afterAll(() => tree?.remove());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/start.ts …` in the copy to its end. */
function start(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('node', ['scripts/start.ts', ...args], {
      cwd: tree.dir,
      env: { ...tree.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm start on a busy port', () => {
  const adminToken = 'npm-start-admin-token-0123456789abcdef';
  let relay: LocalRelay;
  let port: number;
  const devVars = () => join(tree.dir, '.dev.vars');

  beforeAll(async () => {
    relay = await startLocalRelay({ adminToken, persist: join(tree.dir, '.other-relay'), quiet: true });
    port = Number(relay.url.port);
  });
  afterAll(() => relay?.dispose());

  it.each([
    ['--port', (p: number) => [['--port', String(p)], {}] as const],
    ['GATEHOUSE_PORT', (p: number) => [[], { GATEHOUSE_PORT: String(p) }] as const],
  ])(
    'a relay already there (%s): says so and how to reach it, exits 1, mints nothing',
    async (_how, given) => {
      // The same clone started twice: its .dev.vars holds the running relay's admin token.
      writeFileSync(devVars(), `GATEHOUSE_ADMIN_TOKEN="${adminToken}"\n`);
      const before = readFileSync(devVars(), 'utf8');
      const admin = createClient({ url: relay.url.origin, token: adminToken });
      const tokensBefore = await admin.tokens();
      const [args, env] = given(port);

      const run = await start([...args], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`a Gatehouse relay is already running at http://127.0.0.1:${port}`);
      expect(run.stderr).toContain('nothing was started or created');
      expect(run.stderr).toContain(`GATEHOUSE_URL=http://127.0.0.1:${port} npx gatehouse pair`);
      expect(run.stderr).toMatch(/start a second relay: npm start -- --port \d+/);
      expect(run.stdout).not.toMatch(/pairing code|Agent token/);
      expect(readFileSync(devVars(), 'utf8')).toBe(before);
      expect(await admin.tokens()).toEqual(tokensBefore);
      expect(existsSync(join(tree.dir, '.wrangler'))).toBe(false);
    },
  );

  it('another program on the port: says so, exits 1, writes no .dev.vars', async () => {
    // Another web server: it answers /healthz, but not as a Gatehouse relay.
    const busy: Server = createServer((_req, res) => res.end('not a relay'));
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const busyPort = (busy.address() as { port: number }).port;
    try {
      rmSync(devVars(), { force: true });
      const run = await start(['--port', String(busyPort)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`port ${busyPort} is in use by another program (not a Gatehouse relay)`);
      expect(run.stderr).toMatch(/npm start -- --port \d+/);
      expect(existsSync(devVars())).toBe(false);
    } finally {
      busy.closeAllConnections();
      await new Promise((done) => busy.close(done));
    }
  });

  it('a flag npm start does not have, or a port that is not one: exit 2 with the usage, nothing written', async () => {
    rmSync(devVars(), { force: true });
    for (const args of [
      ['--prot', '8788'],
      ['--port', 'http'],
    ]) {
      const run = await start(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm start -- [--port N] [--lan]');
    }
    expect(existsSync(devVars())).toBe(false);
  });
});

describe('npm start -- --port N', () => {
  let child: ChildProcess | undefined;
  // npm, the start script, wrangler and workerd: the process group this test started.
  afterAll(async () => {
    if (child?.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((done) => child?.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  });

  it('serves on N, prints N in the banner, and its curl asks each time it runs', async () => {
    const port = await closedPort();
    child = spawn('npm', ['start', '--', '--port', String(port)], {
      cwd: tree.dir,
      env: tree.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.resume();
    await expect
      .poll(() => stdout.includes('Ctrl-C stops the relay.'), { timeout: 150_000, interval: 500 })
      .toBe(true);
    expect(stdout).toContain(`Gatehouse relay: http://127.0.0.1:${port}`);
    expect(stdout).toContain(`GATEHOUSE_URL=http://127.0.0.1:${port} npx gatehouse pair`);
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({
      ok: true,
      service: 'gatehouse',
    });
    // The second relay's state is its own.
    expect(existsSync(join(tree.dir, `.wrangler/state-${port}`))).toBe(true);

    // The curl exactly as printed, run twice by a shell: two calls, two questions.
    const lines = stdout.split('\n');
    const first = lines.findIndex((line) => line.trim().startsWith('curl -sS -X POST'));
    const curl = lines
      .slice(first, first + 4)
      .map((line) => line.trim())
      .join('\n');
    const adminToken = /GATEHOUSE_ADMIN_TOKEN="([^"]+)"/.exec(
      readFileSync(join(tree.dir, '.dev.vars'), 'utf8'),
    )?.[1];
    const admin = createClient({ url: `http://127.0.0.1:${port}`, token: adminToken ?? '' });
    const approver = createClient({
      url: `http://127.0.0.1:${port}`,
      token: (await admin.issueToken({ role: 'approver', label: 'npm start test' })).token,
    });
    const ids: string[] = [];
    for (const [shell, decision, outcome] of [
      ['bash', 'approve', 'allow'],
      ['bash', 'reject', 'deny'],
      ['sh', 'approve', 'allow'],
    ] as const) {
      const ran = new Promise<string>((done) => {
        const run = spawn(shell, ['-c', curl], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        run.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        run.on('close', () => done(out));
      });
      const interaction = await activeInteraction(approver, 'demo', 60_000);
      expect(ids).not.toContain(interaction.toolCallId);
      ids.push(interaction.toolCallId);
      expect(interaction.toolCallId).toMatch(/^curl-\d+$/);
      await approver.respond('demo', {
        interaction_id: interaction.interactionId,
        answer: decision === 'approve' ? { decision, scope: 'once' } : { decision },
      });
      expect(JSON.parse(await ran)).toMatchObject({ outcome, toolCallId: interaction.toolCallId });
    }
  });
});
