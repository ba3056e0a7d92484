import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import peers from './versions.json' with { type: 'json' };

// Running the real agent CLIs as test peers: where the installer put them, a throwaway home for
// each run, and a child process bounded in time whose output the test reads.

export const root = resolve(import.meta.dirname, '../..');
const prefix = join(root, '.cache/peers');

/** The absolute path of a pinned CLI's bin; a clear error when the installer has not run. */
export function peerBin(name: 'claude' | 'codex' | 'copilot' | 'opencode'): string {
  const peer = peers.find((row) => row.bin.endsWith(`/${name}`));
  if (!peer) throw new Error(`no pinned peer ${name}`);
  const bin = join(prefix, peer.bin);
  if (!existsSync(bin))
    throw new Error(`${bin} is missing: run \`node scripts/peers.mjs\` (npm run test:peers does)`);
  return bin;
}

/**
 * A fresh folder in the system's temp dir, removed by the returned function. Outside the clone on
 * purpose: a CLI started inside it would find this repo's git, CLAUDE.md and settings above it.
 */
export async function scratchDir(label: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await realpath(await mkdtemp(join(tmpdir(), `gatehouse-peers-${label}-`)));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface PeerRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the run was killed for outliving its time limit. */
  timedOut: boolean;
}

/**
 * Runs `bin args` in `cwd` with exactly `env` (plus PATH), stdin closed, killed after
 * `timeoutMs` or when `signal` aborts (a test that fails while the CLI waits leaves no process). The environment is not inherited: the CLIs must see only what the test gives them,
 * never a developer's real keys or settings.
 */
export function runPeer(
  bin: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<PeerRun> {
  return new Promise((done, fail) => {
    const child = spawn(bin, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const stop = () => child.kill('SIGKILL');
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      done({ code, signal, stdout, stderr, timedOut });
    });
  });
}
