import { programName } from './args.ts';
import type { SegmentContext } from './context.ts';

/**
 * Programs that run another program: the danger is in what they run. `sudo` also raises
 * privilege. Unwrapping strips the wrapper and its options and hands back the command inside.
 */
interface Wrapper {
  /** Options that take the next word as their value. */
  valueOptions: readonly string[];
  /** Words after the options that belong to the wrapper (`timeout 5 cmd`: one). */
  positional?: number;
  /** `env X=1 cmd`: leading assignments belong to the wrapper. */
  assignments?: boolean;
  /** Runs the command with raised privileges. */
  privileged?: boolean;
}

const wrappers: Record<string, Wrapper> = {
  sudo: {
    valueOptions: [
      '-u',
      '-g',
      '-h',
      '-p',
      '-C',
      '-D',
      '-R',
      '-T',
      '-U',
      '-r',
      '-t',
      '--user',
      '--group',
      '--host',
      '--prompt',
      '--chdir',
      '--role',
      '--type',
      '--close-from',
      '--other-user',
      '--command-timeout',
    ],
    assignments: true,
    privileged: true,
  },
  doas: { valueOptions: ['-u', '-C'], privileged: true },
  pkexec: { valueOptions: ['--user'], privileged: true },
  run0: { valueOptions: ['-u', '--user', '-g', '--group', '-D', '--chdir'], privileged: true },
  env: { valueOptions: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'], assignments: true },
  nice: { valueOptions: ['-n', '--adjustment'] },
  nohup: { valueOptions: [] },
  time: { valueOptions: ['-f', '--format', '-o', '--output'] },
  timeout: { valueOptions: ['-s', '--signal', '-k', '--kill-after'], positional: 1 },
  stdbuf: { valueOptions: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  ionice: { valueOptions: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata'] },
  chrt: { valueOptions: [], positional: 1 },
  taskset: { valueOptions: [], positional: 1 },
  command: { valueOptions: [] },
  builtin: { valueOptions: [] },
  exec: { valueOptions: ['-a'] },
  xargs: {
    valueOptions: [
      '-I',
      '-n',
      '-P',
      '-d',
      '-E',
      '-L',
      '-s',
      '-a',
      '--arg-file',
      '--delimiter',
      '--max-args',
      '--max-procs',
      '--replace',
      '--max-lines',
      '--max-chars',
      '--eof',
      '--process-slot-var',
    ],
  },
  busybox: { valueOptions: [] },
  flock: { valueOptions: ['-w', '-E', '--timeout', '--conflict-exit-code'], positional: 1 },
  unbuffer: { valueOptions: [] },
  caffeinate: { valueOptions: ['-t', '-w'] },
};

const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Whether the program `name` (already stripped of its path) runs another program. */
export function isWrapper(name: string): boolean {
  return wrapperNames.has(name);
}

/** The wrappers' names as a set: asked for every command, where an own-property check was slower. */
const wrapperNames: ReadonlySet<string> = new Set(Object.keys(wrappers));

/** What is left of `args` once a wrapper's own options and words are skipped. */
function inner(args: readonly string[], wrapper: Wrapper): readonly string[] {
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return args.slice(i + 1 + (wrapper.positional ?? 0));
    if (arg.startsWith('-') && arg !== '-') {
      if (wrapper.valueOptions.includes(arg)) i++;
      continue;
    }
    if (wrapper.assignments && assignment.test(arg)) continue;
    break;
  }
  return args.slice(i + (wrapper.positional ?? 0));
}

/**
 * Strips wrappers until a real program is reached (bounded), noting privilege on the way.
 * Returns the argv to rate, or undefined when nothing runs (`env` alone prints, `sudo -v`…).
 */
export function unwrap(argv: readonly string[], ctx: SegmentContext): readonly string[] | undefined {
  let current = argv;
  for (let hops = 0; hops < 16; hops++) {
    const name = programName(current[0] ?? '');
    const wrapper = Object.hasOwn(wrappers, name) ? wrappers[name] : undefined;
    if (!wrapper) return current;
    const args = current.slice(1);
    if (name === 'command' && args.some((arg) => arg === '-v' || arg === '-V')) return undefined;
    if (wrapper.privileged) {
      ctx.rating.raise('high', 'Runs as another user (usually root).', 'privilege_escalation');
    }
    // `env -S "cmd args"` splits one string into the command.
    const split = name === 'env' ? args.findIndex((arg) => arg === '-S' || arg === '--split-string') : -1;
    if (split >= 0 && args[split + 1] !== undefined) {
      ctx.rateNested(args[split + 1]!);
    }
    const next = inner(args, wrapper);
    if (next.length === 0) {
      if (name === 'env' && split < 0) {
        ctx.rating.raise(
          'medium',
          'Prints environment variables, which often hold credentials.',
          'secret_exposure',
        );
      }
      // `sudo -s`, `sudo -i`: a root shell reading its input.
      if (wrapper.privileged && args.some((arg) => /^-[a-zA-Z]*[si]/.test(arg))) {
        ctx.pipeline.stdinRunners++;
      }
      return undefined;
    }
    current = next;
  }
  ctx.rating.raise('medium', 'Wraps commands too deeply to rate.');
  return undefined;
}
