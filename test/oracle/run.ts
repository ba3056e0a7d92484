import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunWorld } from './fixtures.ts';
import { parseTrace, type TraceEvent } from './trace.ts';

/**
 * The calls the oracle watches (TOOLCHAIN.md, Round 3): every program run, every file opened
 * (for writing or reading a canary), every change that opens no file, every connection. `?`
 * skips a call the architecture lacks (`open` on arm64).
 */
export const TRACED_CALLS = [
  'execve',
  'execveat',
  '?open',
  'openat',
  '?openat2',
  '?creat',
  'connect',
  'sendto',
  'sendmsg',
  '?unlink',
  'unlinkat',
  '?rename',
  '?renameat',
  'renameat2',
  '?mkdir',
  'mkdirat',
  '?rmdir',
  '?link',
  'linkat',
  '?symlink',
  'symlinkat',
  'truncate',
  '?mknod',
  'mknodat',
].join(',');

export interface TracedRun {
  readonly command: string;
  readonly events: readonly TraceEvent[];
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  /** The first bytes of what the command printed, for findings. */
  readonly output: string;
  readonly traceFile: string;
}

/** Bytes of output kept; the rest is read and dropped, so no command blocks on a full pipe. */
const KEPT_OUTPUT = 4096;

/**
 * Runs `command` with bash in `world.work`, in a private user and network namespace
 * (`unshare -rn`), traced by `strace -f`, with stdin from /dev/null and only the world's
 * environment. Killed (the whole process group) after `timeoutMs`: a timeout is reported.
 */
export function runTraced(command: string, world: RunWorld, timeoutMs: number): Promise<TracedRun> {
  const traceFile = join(world.work, '..', 'trace.txt');
  const args = [
    '-rn',
    'strace',
    '-f',
    '-qq',
    '-y',
    '-s',
    '512',
    '-e',
    'signal=none',
    '-e',
    `trace=${TRACED_CALLS}`,
    '-o',
    traceFile,
    '--',
    'bash',
    '--noprofile',
    '--norc',
    '-c',
    command,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', args, {
      cwd: world.work,
      env: world.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < KEPT_OUTPUT) output += chunk.toString('utf8').slice(0, KEPT_OUTPUT - output.length);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      let text = '';
      try {
        text = readFileSync(traceFile, 'utf8');
      } catch {
        // strace never started: no trace is a failure the caller reports.
      }
      resolve({ command, events: parseTrace(text), exitCode, timedOut, output, traceFile });
    });
  });
}
