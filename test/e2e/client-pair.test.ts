import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairWithRelay } from '../../client/sdk/index.ts';
import { adminToken, type CliRun, cli, root, startRelay, type TestRelay } from './client-relay.ts';

// `gatehouse pair` against the real relay: a new pairing code, its link and QR code, that pairs.
// The admin token comes from .dev.vars for a relay on this machine, from GATEHOUSE_ADMIN_TOKEN
// for a relay given by URL; a local .dev.vars token is never sent to a relay elsewhere.

let relay: TestRelay;
let folder: string;
beforeAll(async () => {
  relay = await startRelay();
  folder = await mkdtemp(join(root, 'test/.tmp/pair-'));
});
afterAll(async () => {
  await relay?.stop();
  await rm(folder, { recursive: true, force: true });
});

/** `gatehouse pair …` run from `cwd`, with only the environment given (and PATH). */
function pair(args: string[], env: Record<string, string>, cwd: string): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, 'pair', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
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

/** The code and link a run printed; the code pairs once. */
async function expectWorkingCode(run: CliRun, origin: string) {
  expect(run.code, run.stderr).toBe(0);
  const code = /pairing code {2}(\S+)/.exec(run.stdout)?.[1] ?? '';
  expect(code).toMatch(/^[A-Z0-9.]{6,}$/);
  expect(run.stdout).toContain(`or open       ${origin}/app#pair=${code}`);
  // The QR code: a block of half-block characters.
  expect(run.stdout).toMatch(/[█▀▄]{20,}/);
  const paired = await pairWithRelay({ url: relay.url, code, label: 'pair test' });
  expect(paired.token).toBeTruthy();
  await expect(pairWithRelay({ url: relay.url, code })).rejects.toMatchObject({ status: 410 });
}

describe('gatehouse pair', () => {
  it('locally: finds the admin token in .dev.vars (here or in a folder above)', async () => {
    await writeFile(
      join(folder, '.dev.vars'),
      `# npm start wrote this\nGATEHOUSE_ADMIN_TOKEN="${adminToken}"\n`,
    );
    const below = await mkdtemp(join(folder, 'sub-'));
    for (const cwd of [folder, below])
      await expectWorkingCode(await pair([], { GATEHOUSE_URL: relay.url }, cwd), relay.url);
    await expectWorkingCode(await pair(['--url', relay.url], {}, below), relay.url);
  });

  it('a relay given by URL: takes GATEHOUSE_ADMIN_TOKEN (or --token), never a local .dev.vars token', async () => {
    // The same relay, spelled so it does not read as this machine: what a deployed relay is to the CLI.
    const elsewhere = relay.url.replace('127.0.0.1', '[::ffff:127.0.0.1]');
    const origin = new URL(elsewhere).origin;
    const refused = await pair([], { GATEHOUSE_URL: elsewhere }, folder);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `gatehouse pair: no admin token for ${origin}: set GATEHOUSE_ADMIN_TOKEN to the one you gave \`wrangler secret put GATEHOUSE_ADMIN_TOKEN\` (or pass --token)\n`,
    );
    expect(refused.stdout).toBe('');
    await expectWorkingCode(
      await pair([], { GATEHOUSE_URL: elsewhere, GATEHOUSE_ADMIN_TOKEN: adminToken }, folder),
      origin,
    );
    await expectWorkingCode(await pair(['--url', elsewhere, '--token', adminToken], {}, folder), origin);
  });

  it('a token the relay refuses, or an agent token: says so once, exit 1, no code', async () => {
    for (const token of ['not-the-admin-token', relay.agentToken]) {
      const run = await pair([], { GATEHOUSE_URL: relay.url, GATEHOUSE_ADMIN_TOKEN: token }, folder);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `^gatehouse pair: ${relay.url} refused the admin token from \\$GATEHOUSE_ADMIN_TOKEN \\(.+\\)\\n$`,
        ),
      );
      expect(run.stdout).toBe('');
    }
  });

  it('no .dev.vars and no token, or no relay there: one line saying what to do', async () => {
    const empty = await mkdtemp('/tmp/gatehouse-pair-');
    try {
      const none = await pair([], { GATEHOUSE_URL: relay.url }, empty);
      // The clone the CLI runs from may have its own .dev.vars (npm start wrote it): then the
      // relay refuses that token instead. Either way, no code.
      expect(none.code).not.toBe(0);
      expect(none.stdout).toBe('');
      const down = await pair(['--url', 'http://127.0.0.1:1'], { GATEHOUSE_ADMIN_TOKEN: adminToken }, empty);
      expect(down.code).toBe(1);
      expect(down.stderr).toBe(
        'gatehouse pair: relay unreachable at http://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1\n',
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
