import type { ShellAnalysis, ShellSegment } from '../shell/index.ts';
import { type Argument, parseArgs } from './args.ts';
import { leavesDirectory } from './directory.ts';
import { EVALUATING_BUILTINS } from './evaluated.ts';
import { gitReason } from './git.ts';
import { processSecretReason } from './paths.ts';
import { READ_ONLY_PROGRAMS } from './programs.ts';
import { redirectionReason } from './redirections.ts';
import { type CommandSpec, type OptionTable, optionTable } from './spec.ts';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** Plain text for the UI: what made the command read-only or not. */
  reason: string;
}

/** The table by name, with each spec's options read once. */
const PROGRAMS: ReadonlyMap<string, { spec: CommandSpec; table: OptionTable }> = new Map(
  READ_ONLY_PROGRAMS.map((spec) => [spec.name, { spec, table: optionTable(spec) }]),
);

/**
 * A program run by path is the listed one only from the system's own directories, which the
 * user's account cannot write; `./ls` or `~/bin/cat` may be anything.
 */
const SYSTEM_DIRECTORY = /^\/(?:usr\/)?bin\/([^/]+)$/;

/** `{fd}>file` opens a descriptor into a variable, and bash may evaluate its subscript. */
const DESCRIPTOR_VARIABLE = /^\{[^}]*\}$/;

/**
 * Whether a whole Bash command only reads (DESIGN §5 step 6). It parses; no substitution,
 * parameter expansion or background job; every redirection only discards, duplicates, feeds text
 * or reads (`2>/dev/null`, `2>&1`, `<<EOF`, `< file`); every simple command passes
 * `readOnlySegmentReason`; and git does not run after a `cd` that may leave `cwd`, where another
 * repository's configuration would choose the programs git runs.
 */
export function isReadOnlyCommand(analysis: ShellAnalysis, cwd?: string): ReadOnlyVerdict {
  if (analysis.error !== undefined) return no(`the command could not be parsed: ${analysis.error}`);
  if (analysis.substitution) return no('the command uses command substitution ($(…), backticks or <(…))');
  if (analysis.expansion)
    return no('the command uses a variable or other expansion whose value is not known');
  if (analysis.background) return no('the command starts a background job');
  if (analysis.segments.length === 0) return no('the command is empty');
  for (const redirection of analysis.redirections) {
    const reason = redirectionReason(redirection);
    if (reason !== undefined) return no(reason);
  }
  let outside = false;
  for (const segment of analysis.segments) {
    const reason = readOnlySegmentReason(segment);
    if (reason !== undefined) return no(reason);
    const name = programName(segment.argv[0]!);
    if (analysis.redirections.length > 0 && segment.words!.some((word) => DESCRIPTOR_VARIABLE.test(word.raw)))
      return no(`${JSON.stringify(segment.text)} may open a descriptor into a variable`);
    if (outside) {
      const reached = segment.argv
        .slice(1)
        .map((text, index) => processSecretReason(text, segment.words![index + 1]!.glob, true))
        .find((found) => found !== undefined);
      if (reached !== undefined) return no(reached);
    }
    if (name === 'git' && outside)
      return no(
        'git runs after a cd that may leave the working directory, with another repository’s configuration',
      );
    if (name === 'cd' && leavesDirectory(segment.argv.slice(1), cwd)) outside = true;
  }
  const names = [...new Set(analysis.segments.map((segment) => programName(segment.argv[0]!)))].join(', ');
  return { readOnly: true, reason: `every command only reads (${names})` };
}

/**
 * Why one simple command is not provably a read, or undefined when it is: its program is listed
 * (for git, its subcommand), every option it carries is on that program's list, its operands
 * pass the program's own rule, no word is dynamic or a pattern that could become an option, and
 * no word reaches a process's secrets under /proc. Redirections belong to the whole command and
 * are judged by `isReadOnlyCommand`.
 */
export function readOnlySegmentReason(segment: ShellSegment): string | undefined {
  const shown = (): string => JSON.stringify(segment.text);
  if (segment.assignments.length > 0)
    return `${shown()} sets environment variables, which can change what a command does`;
  const { argv, words } = segment;
  const written = argv[0];
  if (written === undefined) return `${shown()} runs no command`;
  if (words === undefined || words.length !== argv.length)
    return `${shown()} could not be analysed word by word`;
  const args: Argument[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word.dynamic) return `${shown()} has a word whose value is only known when it runs (${word.raw})`;
    if (index === 0) {
      // A lone `[` is no pattern: it has no closing bracket.
      if (word.glob && word.raw !== '[') return `${shown()} runs a program named by a pattern`;
      continue;
    }
    const text = argv[index]!;
    const secret = processSecretReason(text.replace(/^-[^=]*=/, ''), word.glob);
    if (secret !== undefined) return secret;
    args.push({ text, glob: word.glob });
  }
  const name = programName(written);
  if (name === undefined) return `${JSON.stringify(written)} is run by path and may be any program`;
  const evaluating = EVALUATING_BUILTINS.get(name);
  if (evaluating !== undefined) return evaluating;
  if (name === 'git') return gitReason(args, argumentsReason);
  const program = PROGRAMS.get(name);
  if (program === undefined) return `${JSON.stringify(name)} is not a known read-only command`;
  return argumentsReason(program.spec, program.table, args);
}

/** Why `args` are not read-only arguments of the program `spec` describes. */
export function argumentsReason(
  spec: CommandSpec,
  table: OptionTable,
  args: readonly Argument[],
): string | undefined {
  const parsed = parseArgs(spec, table, args);
  if (typeof parsed === 'string') return parsed;
  for (const option of parsed.options) {
    for (const value of [option.value, option.second]) {
      const secret = value === undefined ? undefined : processSecretReason(value, false);
      if (secret !== undefined) return secret;
    }
  }
  return spec.operands?.check(parsed);
}

/** The listed name a command word stands for: itself, or `/usr/bin/NAME`; undefined for another path. */
function programName(written: string): string | undefined {
  if (!written.includes('/')) return written;
  return SYSTEM_DIRECTORY.exec(written)?.[1];
}

function no(reason: string): ReadOnlyVerdict {
  return { readOnly: false, reason };
}
