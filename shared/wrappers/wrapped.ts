import {
  type Argument,
  type OptionTable,
  optionTable,
  type ParsedProgram,
  type ProgramEntry,
  parseArguments,
  type RunsCommand,
} from '../programs/index.ts';
import { WRAPPER_PROGRAMS } from '../programs/wrappers.ts';
import { elsewhereRunners } from './elsewhere.ts';
import { programName } from './runners.ts';
import { specialRunners, stdinPath } from './special.ts';
import type { Wrapped } from './types.ts';

/**
 * A wrapper's entry as its parse reads it: where the program takes abbreviated long options
 * (getopt_long: `timeout --kill 5`), every unambiguous prefix of a listed one is listed too, and
 * `full` names the option each stands for. Made once, when the module loads.
 */
interface Reading {
  readonly entry: ProgramEntry;
  readonly runs: RunsCommand;
  readonly full: ReadonlyMap<string, string>;
  readonly table: OptionTable;
}

function reading(entry: ProgramEntry): Reading {
  const full = new Map<string, string>();
  const longs = entry.longs.map((written) => /^([a-z0-9-]+)(.*)$/.exec(written)!);
  const expanded: string[] = [];
  for (const [written, name, suffix] of longs) {
    full.set(name!, name!);
    expanded.push(written!);
    if (entry.abbreviations !== true) continue;
    for (let length = 1; length < name!.length; length += 1) {
      const prefix = name!.slice(0, length);
      const owners = longs.filter(([, other]) => other!.startsWith(prefix));
      if (owners.length === 1 && !full.has(prefix)) {
        full.set(prefix, name!);
        expanded.push(`${prefix}${suffix}`);
      }
    }
  }
  const read = { ...entry, longs: expanded };
  return { entry: read, runs: entry.runs!, full, table: optionTable(read) };
}

const READINGS: ReadonlyMap<string, Reading> = new Map(
  WRAPPER_PROGRAMS.map((entry) => [entry.name, reading(entry)]),
);

/** The wrappers' entries by name. */
export const wrappers: Readonly<Record<string, ProgramEntry>> = Object.fromEntries(
  WRAPPER_PROGRAMS.map((entry) => [entry.name, entry]),
);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const UNKNOWN: readonly Wrapped[] = [{ kind: 'unknown' }];
const STDIN: Wrapped = { kind: 'stdin' };

/**
 * The commands a simple command runs on its behalf, one level down: `sudo -u u rm x` runs
 * `rm x`, `sh -c 'rm x'` the command line `rm x`, `find . -exec rm {} ;` runs `rm {}`, `curl x |
 * sh` runs what stdin holds, `ssh host rm x` and `podman exec c rm x` run `rm x` elsewhere
 * (elsewhere.ts). Empty when the program is not one that runs another command, or
 * runs none this time (`command -v rm`, `xargs` alone, `bash x.sh`: a script file is not seen).
 * Callers read each `argv` and `script` again, as the command may itself be a wrapper. A word of
 * `argv` whose value is known only at run time is for the caller to check: `sudo $CMD`.
 * A wrapper's words are read by the catalog's parser against its entry (shared/programs/wrappers.ts).
 */
export function wrappedCommands(argv: readonly string[]): readonly Wrapped[] {
  const name = programName(argv[0] ?? '');
  const special = specialRunners.get(name) ?? elsewhereRunners.get(name);
  if (special !== undefined) return special(argv);
  const wrapper = READINGS.get(name);
  return wrapper === undefined ? [] : readWrapper(argv, wrapper);
}

/**
 * The parse of a wrapper's words. A lone `-` where the program takes it as an option (`env -`,
 * `su -`) is dropped and the words read again: the parser takes `-` for an operand (stdin).
 */
function parseWrapper(argv: readonly string[], wrapper: Reading): ParsedProgram | undefined {
  let args: Argument[] = argv
    .slice(1)
    .map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 }));
  for (;;) {
    const parsed = parseArguments(wrapper.entry, wrapper.entry.name, args, wrapper.table);
    if (parsed.kind === 'unsure') return undefined;
    const first = parsed.operands[0]?.index ?? parsed.wrapped?.offset;
    if (wrapper.runs.dash !== true || first === undefined || argv[first] !== '-') return parsed;
    args = args.filter((arg) => arg.index !== first);
  }
}

function readWrapper(argv: readonly string[], wrapper: Reading): readonly Wrapped[] {
  const parsed = parseWrapper(argv, wrapper);
  if (parsed === undefined) return UNKNOWN;
  const { runs } = wrapper;
  const has = (names: readonly string[] | undefined, name: string): boolean =>
    names?.includes(wrapper.full.get(name) ?? name) === true;
  const found: Wrapped[] = [];
  let commandGiven = false;
  let argvMode = false;
  let shell = false;
  for (const option of parsed.options) {
    if (has(runs.idle, option.name)) return [];
    if (has(runs.split, option.name) && option.value !== undefined) {
      // `env -S 'A=1 rm x' y`: the string's words go back into env's own command line.
      const rest = parsed.wrapped?.argv ?? [];
      const script = [argv[0]!, option.value, ...rest].join(' ');
      const { offset } = scriptAt(argv, option.value);
      return [...found, { kind: 'script', script, offset, end: argv.length }];
    }
    if (has(runs.script, option.name)) {
      commandGiven = true;
      found.push(option.value === undefined ? { kind: 'unknown' } : scriptAt(argv, option.value));
    }
    if (has(runs.file, option.name)) {
      commandGiven = true;
      if (option.value === undefined || stdinPath(option.value)) found.push(STDIN);
    }
    if (has(runs.argv, option.name)) argvMode = true;
    if (has(runs.shell, option.name)) shell = true;
  }
  return commandOf(argv, wrapper, parsed, { found, commandGiven, argvMode, shell });
}

/** A script given as an option's value, at the word that holds it (attached or the next one). */
function scriptAt(argv: readonly string[], value: string): Wrapped & { kind: 'script' } {
  let at = argv.indexOf(value, 1);
  if (at === -1) at = argv.findIndex((word, index) => index > 0 && word.endsWith(value));
  return { kind: 'script', script: value, offset: at, end: at + 1 };
}

interface Given {
  readonly found: Wrapped[];
  /** A command came with an option (`-c`, `-f`): without one, the bare program reads stdin. */
  readonly commandGiven: boolean;
  readonly argvMode: boolean;
  readonly shell: boolean;
}

/** The indexes in argv of the words the wrapper runs. */
function commandIndexes(argv: readonly string[], wrapper: Reading, parsed: ParsedProgram, given: Given) {
  if (parsed.wrapped !== undefined) {
    const indexes = range(parsed.wrapped.offset, argv.length);
    // env and sudo take `NAME=value` words before the command.
    if (wrapper.runs.assignments !== true) return indexes;
    const first = indexes.findIndex((index) => !ASSIGNMENT.test(argv[index]!));
    return first === -1 ? [] : indexes.slice(first);
  }
  // With permuted options (`su root -c …`), the command is the operands after the program's own.
  const own = given.argvMode ? 0 : (wrapper.entry.operands?.positions?.length ?? 0);
  if (wrapper.entry.permute === true) return parsed.operands.slice(own).map((operand) => operand.index);
  return [];
}

function commandOf(
  argv: readonly string[],
  wrapper: Reading,
  parsed: ParsedProgram,
  given: Given,
): readonly Wrapped[] {
  const { found } = given;
  const { runs } = wrapper;
  const at = commandIndexes(argv, wrapper, parsed, given);
  // `flock /lock -c 'rm x'`, `sg grp -c 'rm x'`: the command option after the program's operands.
  const after = argv[at[0] ?? argv.length];
  if (wrapper.entry.permute !== true && after?.startsWith('-') === true && runs.script !== undefined) {
    return [...found, ...scriptAfterOperands(argv, wrapper, at)];
  }
  const terminator =
    runs.terminators === undefined ? -1 : at.findIndex((index) => runs.terminators!.includes(argv[index]!));
  const words = (terminator === -1 ? at : at.slice(0, terminator)).map((index) => argv[index]!);
  const offset = at[0] ?? argv.length;
  if (words.length === 0) {
    if (terminator !== -1) {
      // `parallel ::: 'rm x' 'ls'`: with no command, each argument is a command line.
      for (const index of at.slice(terminator)) {
        if (!runs.terminators!.includes(argv[index]!))
          found.push({ kind: 'script', script: argv[index]!, offset: index, end: index + 1 });
      }
      return found;
    }
    const bareShell = runs.bareShell === true || given.shell || runs.as === 'stdin';
    if (bareShell && !given.commandGiven) found.push(STDIN);
    return found;
  }
  const mode = given.argvMode ? 'argv' : runs.as;
  if (mode === 'argv') found.push({ kind: 'argv', argv: words, offset });
  else if (mode === 'joined')
    found.push({ kind: 'script', script: words.join(' '), offset, end: offset + words.length });
  else if (mode === 'shell') {
    // `su root -- -c 'rm x'`: the words after the user are a shell's arguments.
    for (const wrapped of specialRunners.get('sh')!(['sh', ...words]))
      found.push(shifted(wrapped, offset - 1));
  } else if (!given.commandGiven) found.push(STDIN);
  return found;
}

/**
 * The words after a wrapper's own operands read again as its options (`flock /lock -c 'rm x'`):
 * a script option there gives the command; anything else there is unknown.
 */
function scriptAfterOperands(
  argv: readonly string[],
  wrapper: Reading,
  at: readonly number[],
): readonly Wrapped[] {
  const entry: ProgramEntry = { ...wrapper.entry, operands: { rest: 'text' }, permute: true };
  const args = at.map((index) => ({ text: argv[index]!, glob: false, dynamic: false, index }));
  const parsed = parseArguments(entry, entry.name, args, wrapper.table);
  if (parsed.kind === 'unsure') return UNKNOWN;
  const scripts = parsed.options.filter((option) =>
    wrapper.runs.script!.includes(wrapper.full.get(option.name) ?? option.name),
  );
  if (scripts.length === 0) return UNKNOWN;
  return scripts.map((option) => (option.value === undefined ? UNKNOWN[0]! : scriptAt(argv, option.value)));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
}

/** A command found in a shorter argv, moved to its place in the full one. */
function shifted(wrapped: Wrapped, by: number): Wrapped {
  if (wrapped.kind === 'argv') return { ...wrapped, offset: wrapped.offset + by };
  if (wrapped.kind === 'script') return { ...wrapped, offset: wrapped.offset + by, end: wrapped.end + by };
  return wrapped;
}
