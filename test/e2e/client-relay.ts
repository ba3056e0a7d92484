import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createClient, type GatehouseClient } from '../../client/sdk/index.ts';
import { root, startLocalRelay } from '../support/local-relay.ts';

// The real relay under wrangler on a random port, with an agent and an approver token, for the
// client's end-to-end tests; and the CLI run the way Claude Code runs it (a child process).

export { root };
export const cli = join(root, 'client/cli/gatehouse.mjs');
export const adminToken = 'e2e-admin-token-0123456789abcdef';

export interface TestRelay {
  url: string;
  agentToken: string;
  admin: GatehouseClient;
  agent: GatehouseClient;
  approver: GatehouseClient;
  stop(): Promise<void>;
}

export async function startRelay(): Promise<TestRelay> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const persist = await mkdtemp(join(root, 'test/.tmp/client-'));
  const worker = await startLocalRelay({ adminToken, persist });
  const url = worker.url.origin;
  const admin = createClient({ url, token: adminToken });
  const agentToken = (await admin.issueToken({ role: 'agent', label: 'e2e agent' })).token;
  const approverToken = (await admin.issueToken({ role: 'approver', label: 'e2e approver' })).token;
  return {
    url,
    agentToken,
    admin,
    agent: createClient({ url, token: agentToken }),
    approver: createClient({ url, token: approverToken }),
    stop: async () => {
      await worker.dispose();
      await rm(persist, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `gatehouse …` with this Node, feeding `stdin`. */
export function runCli(args: string[], env: Record<string, string>, stdin = ''): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
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
    // A program that exits without reading its input (`--version`) closes the pipe first: what it
    // printed and its exit code are the result, not the write that found the pipe closed.
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until the session has an active interaction and returns it. */
export async function activeInteraction(approver: GatehouseClient, sessionId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await approver.inbox()).find((s) => s.sessionId === sessionId);
    if (session?.activeInteraction) return session.activeInteraction;
    await sleep(100);
  }
  throw new Error(`no active interaction in ${sessionId} after ${timeoutMs} ms`);
}
