import { type OptionTable, optionTable, readOption } from './options.ts';
import { programName, specialRunners, stdinPath } from './special.ts';
import { wrappers } from './table.ts';
import type { Wrapped, Wrapper } from './types.ts';

const entries: ReadonlyMap<string, { wrapper: Wrapper; table: OptionTable }> = new Map(
  Object.entries(wrappers).map(([name, wrapper]) => [
    name,
    { wrapper, table: optionTable(wrapper.options, wrapper.numericOptions) },
  ]),
);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const UNKNOWN: readonly Wrapped[] = [{ kind: 'unknown' }];
const STDIN: Wrapped = { kind: 'stdin' };

/**
 * The commands a simple command runs on its behalf, one level down: `sudo -u u rm x` runs
 * `rm x`, `sh -c 'rm x'` the command line `rm x`, `find . -exec rm {} ;` runs `rm {}`, `curl x |
 * sh` runs what stdin holds. Empty when the program is not one that runs another command, or
 * runs none this time (`command -v rm`, `xargs` alone, `bash x.sh`: a script file is not seen).
 * Callers read each `argv` and `script` again, as the command may itself be a wrapper. A word of
 * `argv` whose value is known only at run time is for the caller to check: `sudo $CMD`.
 */
export function wrappedCommands(argv: readonly string[]): readonly Wrapped[] {
  const name = programName(argv[0] ?? '');
  const special = specialRunners.get(name);
  if (special !== undefined) return special(argv);
  const entry = entries.get(name);
  return entry === undefined ? [] : readWrapper(argv, entry.wrapper, entry.table);
}

/** Whether `name` (a command's first word, a path or not) runs other commands given in its arguments. */
export function runsOtherCommands(name: string): boolean {
  const program = programName(name);
  return specialRunners.has(program) || entries.has(program);
}

/** What an option word told about the command, gathered while reading the options. */
interface Given {
  readonly found: Wrapped[];
  /** A command came with an option (`-c`, `-f`): without one, the bare program reads stdin. */
  commandGiven: boolean;
  argvMode: boolean;
  shell: boolean;
}

function readWrapper(argv: readonly string[], wrapper: Wrapper, table: OptionTable): readonly Wrapped[] {
  const given: Given = { found: [], commandGiven: false, argvMode: false, shell: false };
  const operands: number[] = [];
  let index = 1;
  let optionsEnd = false;
  let assigned = false;
  let commandAt = argv.length;
  const ownOperands = (): number => (given.argvMode ? 0 : (wrapper.operands ?? 0));
  while (index < argv.length) {
    const word = argv[index]!;
    if (!optionsEnd && !assigned && word === '--') {
      optionsEnd = true;
      index += 1;
      continue;
    }
    if (!optionsEnd && !assigned && isOption(word, table)) {
      const read = readOption(table, word, argv[index + 1]);
      if (read === undefined) return UNKNOWN;
      for (const option of read.options) {
        if (wrapper.idleOptions?.includes(option.name)) return [];
        const valueAt = index + read.used - 1;
        if (wrapper.splitOptions?.includes(option.name) && option.value !== undefined) {
          // `env -S 'A=1 rm x' y`: the string's words go back into env's own command line.
          const script = [argv[0]!, option.value, ...argv.slice(index + read.used)].join(' ');
          return [...given.found, { kind: 'script', script, offset: valueAt, end: argv.length }];
        }
        noteOption(wrapper, option, valueAt, given);
      }
      index += read.used;
      continue;
    }
    if (wrapper.assignments === true && operands.length === 0 && ASSIGNMENT.test(word)) {
      // env and sudo read options, then assignments, then the command.
      assigned = true;
      index += 1;
      continue;
    }
    if (operands.length < ownOperands() || wrapper.permute === true) {
      operands.push(index);
      index += 1;
      // `flock /lock -c 'rm x'`, `sg group -c 'rm x'`: the command option after the operand.
      const next = argv[index];
      if (
        !wrapper.permute &&
        operands.length === ownOperands() &&
        next !== undefined &&
        wrapper.scriptOptions?.includes(next)
      ) {
        if (index + 1 >= argv.length) return UNKNOWN;
        given.found.push({ kind: 'script', script: argv[index + 1]!, offset: index + 1, end: index + 2 });
        return given.found;
      }
      // getopt stops at the first operand unless it permutes: `timeout 5 -s x` runs `-s`.
      if (wrapper.permute !== true) optionsEnd = true;
      continue;
    }
    commandAt = index;
    break;
  }
  // With permuted options the command is the operands after the program's own, wherever they were.
  const commandWords =
    wrapper.permute === true ? operands.slice(ownOperands()) : range(commandAt, argv.length);
  return commandOf(argv, wrapper, given, commandWords);
}

function commandOf(
  argv: readonly string[],
  wrapper: Wrapper,
  given: Given,
  at: readonly number[],
): readonly Wrapped[] {
  const { found } = given;
  const terminator =
    wrapper.terminators === undefined
      ? -1
      : at.findIndex((index) => wrapper.terminators!.includes(argv[index]!));
  const words = (terminator === -1 ? at : at.slice(0, terminator)).map((index) => argv[index]!);
  const offset = at[0] ?? argv.length;
  if (words.length === 0) {
    if (terminator !== -1) {
      // `parallel ::: 'rm x' 'ls'`: with no command, each argument is a command line.
      for (const index of at.slice(terminator)) {
        if (!wrapper.terminators!.includes(argv[index]!))
          found.push({ kind: 'script', script: argv[index]!, offset: index, end: index + 1 });
      }
      return found;
    }
    const bareShell = wrapper.bareShell === 'always' || given.shell || wrapper.command === 'stdin';
    if (bareShell && !given.commandGiven) found.push(STDIN);
    return found;
  }
  const mode = given.argvMode ? 'argv' : wrapper.command;
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

function noteOption(
  wrapper: Wrapper,
  option: { name: string; value?: string },
  valueAt: number,
  given: Given,
): void {
  if (wrapper.scriptOptions?.includes(option.name)) {
    given.commandGiven = true;
    given.found.push(
      option.value === undefined
        ? { kind: 'unknown' }
        : { kind: 'script', script: option.value, offset: valueAt, end: valueAt + 1 },
    );
  }
  if (wrapper.fileOptions?.includes(option.name)) {
    given.commandGiven = true;
    if (option.value === undefined || stdinPath(option.value)) given.found.push(STDIN);
  }
  if (wrapper.argvOptions?.includes(option.name)) given.argvMode = true;
  if (wrapper.shellOptions?.includes(option.name)) given.shell = true;
}

function isOption(word: string, table: OptionTable): boolean {
  if (word === '-') return table.short.has('-');
  return word.length > 1 && word.startsWith('-');
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
