import { gitCommands } from './git.ts';
import { SHELLS, type SpecialRunnerName } from './runners.ts';
import type { Wrapped } from './types.ts';

/**
 * Programs whose command is found by a rule of their own rather than an entry of table.ts:
 * shells (`-c` and stdin), `eval`, `source`/`.`, `find -exec` and git's global options.
 */
type Runner = (argv: readonly string[]) => readonly Wrapped[];

/**
 * A file that is the caller's stdin or a stream it cannot see: `-`, `/dev/stdin`, `/dev/fd/N`,
 * `/proc/…/fd/N`, or a process substitution `<(…)` (bash hands the program `/dev/fd/63`).
 */
export function stdinPath(path: string): boolean {
  return (
    path === '-' ||
    path === '/dev/stdin' ||
    path.startsWith('<(') ||
    path.startsWith('>(') ||
    /^\/dev\/fd\/\d+$/.test(path) ||
    /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/fd\/\d+$/.test(path)
  );
}

const STDIN: Wrapped = { kind: 'stdin' };

/** Shell options that take the next word as their value. */
const SHELL_VALUE_OPTIONS = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
/** A cluster of single-letter shell options: `-c`, `-lc`, `+x`. */
const SHELL_FLAGS = /^[-+][A-Za-z]+$/;

/**
 * `sh -c 'rm x' name args`: the first operand is the command line. Without `-c`: code from stdin
 * (no operand, `-s`, `-i`, or a stdin path such as `bash <(curl x)`), else a script file, which
 * is not seen.
 */
function shell(argv: readonly string[]): readonly Wrapped[] {
  let command = false;
  let fromStdin = false;
  for (let index = 1; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--command' || word === '-c') command = true;
    else if (word.startsWith('--command=')) {
      return [{ kind: 'script', script: word.slice('--command='.length), offset: index, end: index + 1 }];
    } else if (SHELL_VALUE_OPTIONS.has(word)) index += 1;
    else if (SHELL_FLAGS.test(word)) {
      if (word.startsWith('-') && word.includes('c')) command = true;
      if (word.startsWith('-') && (word.includes('s') || word.includes('i'))) fromStdin = true;
    } else if (word.startsWith('--') && word !== '--') {
      // `--norc`, `--login`, `--posix`: long flags change nothing here.
    } else {
      const operand = word === '--' ? index + 1 : index;
      if (operand >= argv.length) break;
      if (command) return [{ kind: 'script', script: argv[operand]!, offset: operand, end: operand + 1 }];
      if (fromStdin || stdinPath(argv[operand]!)) return [STDIN];
      return [];
    }
  }
  // `sh -c` with no command line fails; any other shell without an operand reads stdin.
  return command ? [{ kind: 'unknown' }] : [STDIN];
}

/** `eval a b`: the words joined are a command line. */
function evaluate(argv: readonly string[]): readonly Wrapped[] {
  const from = argv[1] === '--' ? 2 : 1;
  if (argv.length <= from) return [];
  return [{ kind: 'script', script: argv.slice(from).join(' '), offset: from, end: argv.length }];
}

/** `source FILE`, `. FILE`: a file's code, seen only when the file is stdin (`. <(curl x)`, `source /dev/stdin <<< …`). */
function source(argv: readonly string[]): readonly Wrapped[] {
  const from = argv[1] === '--' ? 2 : 1;
  const file = argv[from];
  if (file === undefined) return [];
  return stdinPath(file) ? [STDIN] : [];
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** `find … -exec rm {} ;`: each command between an exec action and its `;` or `+`. */
function find(argv: readonly string[]): readonly Wrapped[] {
  const found: Wrapped[] = [];
  for (let index = 1; index < argv.length; index += 1) {
    if (!FIND_EXEC.has(argv[index]!)) continue;
    let until = index + 1;
    while (until < argv.length && argv[until] !== ';' && argv[until] !== '+') until += 1;
    if (until > index + 1)
      found.push({ kind: 'argv', argv: argv.slice(index + 1, until), offset: index + 1 });
    index = until;
  }
  return found;
}

const runners: Readonly<Record<SpecialRunnerName, Runner>> = {
  ...(Object.fromEntries(SHELLS.map((name) => [name, shell])) as Record<(typeof SHELLS)[number], Runner>),
  eval: evaluate,
  source,
  '.': source,
  find,
  git: gitCommands,
};

export const specialRunners: ReadonlyMap<string, Runner> = new Map(Object.entries(runners));
