import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { root, startLocalRelay } from '../support/local-relay.ts';
import { installPackedCli, systemNode, systemPath } from '../support/packed-cli.ts';

// What a Claude Code user feels on every tool call with the command hook: `gatehouse hook` from
// process start to exit, the packed (bundled) CLI as installed on the system Node 20 and as run
// by the clone's Node 24, on the allow path — beside `curl` posting the same JSON to the same
// route, which is what an HTTP hook costs at least.

export interface WallTime {
  medianMs: number;
  p99Ms: number;
}

export interface HookFigures {
  runs: number;
  /** The installed bin on the system Node (20 here). */
  systemNode: WallTime & { version: string };
  /** The same bundle on the clone's Node (node_modules/.bin/node, 24). */
  cloneNode: WallTime & { version: string };
  curl: WallTime;
  /** `node -e 0` on the system Node: the floor any Node program starts from. */
  bareNode: WallTime;
  /**
   * CPU time (user + system) per process, medians, the hook on the system Node beside `node -e 0`:
   * steadier than wall time on a shared machine, where a busy neighbour stretches every wait.
   * Absent where there is no bash to count it (its `times`).
   */
  cpu?: { hookMs: number; bareNodeMs: number; runs: number };
}

const cloneNode = join(root, 'node_modules/.bin/node');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Wall time of one process from spawn to exit, with `stdin` fed in; its stdout is returned to be checked. */
function timed(command: string, args: string[], env: Record<string, string>, stdin: string) {
  return new Promise<{ ms: number; stdout: string; code: number | null }>((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ ms: performance.now() - started, stdout, code }));
    child.stdin?.end(stdin);
  });
}

/**
 * The CPU time (user + system, ms) of one process, counted by bash's `times` (its children's
 * line), with `stdin` fed in; its stdout is returned to be checked.
 */
function cpuTime(command: string, args: string[], env: Record<string, string>, stdin: string) {
  return new Promise<{ ms: number; stdout: string }>((done, fail) => {
    const child = spawn('bash', ['-c', '"$@" 2>/dev/null; times >&2', 'bash', command, ...args], {
      env,
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
    child.on('close', () => {
      // `times`: the shell's own user and system time, then its children's: "0m0.071s 0m0.018s".
      const children = stderr.trim().split('\n').at(-1) ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
        ([, m, sec]) => Number(m) * 60 + Number(sec),
      );
      if (seconds.length !== 2) fail(new Error(`bash's times said: ${stderr.slice(0, 200)}`));
      else done({ ms: (seconds[0]! + seconds[1]!) * 1000, stdout });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const hookInput = (i: number) =>
  JSON.stringify({
    session_id: 'bench-hook',
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    cwd: '/work/project',
    tool_name: 'Read',
    tool_input: { file_path: '/work/project/README.md' },
    // A new call each run: a resent tool_use_id is answered from the call already stored.
    tool_use_id: `toolu_bench_${process.pid}_${i}`,
  });

/** Runs `measure(i)` `runs` times after two warm-up runs; each must answer allow. */
async function series(runs: number, label: string, measure: (i: number) => ReturnType<typeof timed>) {
  const times: number[] = [];
  for (let i = -2; i < runs; i++) {
    const run = await measure(i);
    const decision = (() => {
      try {
        return JSON.parse(run.stdout)?.hookSpecificOutput?.permissionDecision;
      } catch {
        return undefined;
      }
    })();
    if (run.code !== 0 || decision !== 'allow')
      throw new Error(`${label}: expected an allow, got exit ${run.code}: ${run.stdout.slice(0, 200)}`);
    if (i >= 0) times.push(run.ms);
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}

/**
 * `gatehouse hook` (packed, installed into a temp prefix) against the relay at `relayUrl` with an
 * agent `token`, ~30 runs each way, one at a time.
 */
export async function benchHook(relayUrl: string, token: string, runs = 30): Promise<HookFigures> {
  const cli = await installPackedCli();
  const scratch = await mkdtemp(join(cli.prefix, 'curl-'));
  try {
    const env = { PATH: systemPath, GATEHOUSE_URL: relayUrl, GATEHOUSE_TOKEN: token };
    const version = async (node: string) => (await timed(node, ['--version'], env, '')).stdout.trim();
    const onNode = (node: string) => (i: number) => timed(node, [cli.script, 'hook'], env, hookInput(i));
    // Side by side, one run of each in turn, so a busy neighbour slows both alike.
    const bare: number[] = [];
    const system = await series(runs, 'system Node', async (i) => {
      const empty = await timed(systemNode, ['-e', '0'], env, '');
      if (i >= 0) bare.push(empty.ms);
      return onNode(systemNode)(i);
    });
    bare.sort((a, b) => a - b);
    const clone = await series(runs, 'clone Node', onNode(cloneNode));
    const route = new URL('/api/v1/hooks/claude/pre-tool-use', relayUrl).href;
    const curl = await series(runs, 'curl', async (i) => {
      // The body from a file, so curl does as little as a shell user would make it do.
      const body = join(scratch, `body-${i + 2}.json`);
      await writeFile(body, hookInput(runs + 10 + i));
      return timed(
        'curl',
        [
          '-sS',
          '-X',
          'POST',
          '-H',
          `authorization: Bearer ${token}`,
          '-H',
          'content-type: application/json',
          '--data-binary',
          `@${body}`,
          route,
        ],
        env,
        '',
      );
    });
    // CPU time, the same side by side; a hook that did not answer allow is not counted.
    const cpu = existsSync('/bin/bash') ? { hook: [] as number[], bare: [] as number[] } : undefined;
    for (let i = 0; cpu && i < runs; i++) {
      cpu.bare.push((await cpuTime(systemNode, ['-e', '0'], env, '')).ms);
      const hook = await cpuTime(systemNode, [cli.script, 'hook'], env, hookInput(2 * runs + 20 + i));
      if (!hook.stdout.includes('"allow"')) throw new Error(`CPU run: expected an allow, got ${hook.stdout}`);
      cpu.hook.push(hook.ms);
    }
    return {
      runs,
      ...(cpu ? { cpu: { hookMs: median(cpu.hook), bareNodeMs: median(cpu.bare), runs } } : {}),
      systemNode: { ...system, version: await version(systemNode) },
      cloneNode: { ...clone, version: await version(cloneNode) },
      curl,
      bareNode: { medianMs: percentile(bare, 0.5), p99Ms: percentile(bare, 0.99) },
    };
  } finally {
    await cli.dispose();
  }
}

const adminToken = 'bench-admin-token-0123456789abcdef';

/** `benchHook` against a relay of its own under `wrangler dev`, started the way test/bench/relay.ts starts one. */
export async function benchHookOnLocalRelay(runs = 30): Promise<HookFigures> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const persist = await mkdtemp(join(root, 'test/.tmp/gatehouse-bench-hook-'));
  const worker = await startLocalRelay({
    adminToken,
    persist,
    vars: { GATEHOUSE_RATE_LIMIT_PER_MINUTE: '100000000' },
    quiet: true,
  });
  try {
    const issued = await fetch(new URL('/api/v1/tokens', worker.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'agent' }),
    });
    if (issued.status !== 201) throw new Error(`token: HTTP ${issued.status}`);
    const { token } = (await issued.json()) as { token: string };
    return await benchHook(worker.url.origin, token, runs);
  } finally {
    await worker.dispose();
    await rm(persist, { recursive: true, force: true });
  }
}
