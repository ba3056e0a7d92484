import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';
import type { CommandPattern } from './bash-pattern.ts';
import { denyRenderings } from './bash-render.ts';
import { commandView, type SegmentView } from './bash-view.ts';
import { SHELLS, WRAPPERS } from './bash-wrappers.ts';

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Shell options that take the next word as their value. */
const SHELL_OPTIONS_WITH_VALUE = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
/** A cluster of single-letter shell options: `-c`, `-lc`, `+x`. */
const SHELL_FLAGS = /^[-+][A-Za-z]+$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const WHITESPACE = /\s/;

/** How deep wrappers and `sh -c` strings are followed before giving up (and matching). */
const MAX_UNWRAP_DEPTH = 6;
/** Readings tried per top-level simple command before giving up (and matching). */
const MAX_READINGS = 10_000;

interface Budget {
  readings: number;
}

/** True when a deny/ask command pattern matches any command this analysis may run. */
export function denyMatchesAnalysis(
  analysis: ShellAnalysis,
  pattern: CommandPattern,
  command: string,
): boolean {
  return matchesAnalysis(analysis, pattern, command, 0, { readings: 0 });
}

function matchesAnalysis(
  analysis: ShellAnalysis,
  pattern: CommandPattern,
  command: string,
  depth: number,
  budget: Budget,
): boolean {
  const view = commandView(analysis);
  const { segments } = analysis;
  for (let index = 0; index < segments.length; index += 1) {
    // Plain compound commands are cheap; the budget is for what one command unwraps into.
    const segmentBudget = depth === 0 ? { readings: 0 } : budget;
    if (matchesSegment(segments[index]!, view.segments[index]!, pattern, depth, segmentBudget)) return true;
  }
  // A command we could not parse may still run the rule's command: fail closed when its text shows up.
  if (analysis.error !== undefined) {
    if (pattern.literalPrefix === '') return true;
    view.flatText ??= command.replace(/\s+/g, ' ');
    return view.flatText.includes(pattern.literalPrefix);
  }
  return false;
}

function matchesSegment(
  segment: ShellSegment,
  view: SegmentView,
  pattern: CommandPattern,
  depth: number,
  budget: Budget,
): boolean {
  if (segment.words === undefined) return true;
  if (view.plain) {
    for (const reading of view.readings) if (pattern.test(reading)) return true;
    return false;
  }
  const words = view.words!;
  return matchesWords(segment.argv, words.raw, words.opaque, segment.assignments, pattern, depth, budget);
}

function matchesWords(
  argv: readonly string[],
  raw: readonly string[] | undefined,
  opaque: readonly boolean[],
  assignments: readonly string[],
  pattern: CommandPattern,
  depth: number,
  budget: Budget,
): boolean {
  budget.readings += 1;
  if (depth > MAX_UNWRAP_DEPTH || budget.readings > MAX_READINGS) return true;
  const name = argv[0];
  if (name === undefined) return assignments.length > 0 && pattern.test(assignments.join(' '));
  // `$CMD x`, `/bin/r?`: the command run is unknowable, so it may be the denied one.
  if (opaque[0] === true) return true;
  if (denyRenderings(argv, raw, assignments).some((reading) => pattern.test(reading))) return true;
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base !== name && pattern.test([base, ...argv.slice(1)].join(' '))) return true;
  const rest = (from: number, until = argv.length): boolean =>
    matchesWords(
      argv.slice(from, until),
      raw?.slice(from, until),
      opaque.slice(from, until),
      [],
      pattern,
      depth + 1,
      budget,
    );

  if (SHELLS.has(base)) {
    const scripts = shellScripts(argv, opaque);
    if (scripts === 'stdin' || scripts === 'opaque') return true;
    if (
      scripts !== 'file' &&
      scripts.some((script) => matchesCommandLine(script, pattern, depth + 1, budget))
    ) {
      return true;
    }
  }
  if (base === 'eval') {
    if (opaque.slice(1).some(Boolean)) return true;
    if (matchesCommandLine(argv.slice(1).join(' '), pattern, depth + 1, budget)) return true;
  }
  if (WRAPPERS.has(base)) {
    for (let from = 1; from < argv.length; from += 1) {
      const word = argv[from]!;
      if (word.startsWith('-') || ASSIGNMENT.test(word)) continue;
      if (opaque[from] === true) return true;
      if (rest(from)) return true;
      // `watch 'rm -rf x'`, `env -S 'rm x'`: a single argument holding a whole command line.
      if (WHITESPACE.test(word) && matchesCommandLine(word, pattern, depth + 1, budget)) return true;
    }
  }
  if (base === 'find') {
    for (let from = 1; from < argv.length; from += 1) {
      if (!FIND_EXEC.has(argv[from]!)) continue;
      let until = from + 1;
      while (until < argv.length && argv[until] !== ';' && argv[until] !== '+') until += 1;
      if (rest(from + 1, until)) return true;
    }
  }
  return false;
}

function matchesCommandLine(
  commandLine: string,
  pattern: CommandPattern,
  depth: number,
  budget: Budget,
): boolean {
  if (depth > MAX_UNWRAP_DEPTH) return true;
  return matchesAnalysis(analyzeShell(commandLine), pattern, commandLine, depth, budget);
}

/**
 * What a shell invocation runs: with `-c`, every operand is tried as the command line (`su user -c
 * CMD` puts it second); otherwise code from stdin (no operand, or `-s`) or a script file. A dynamic
 * or missing `-c` string is unknowable.
 */
function shellScripts(
  argv: readonly string[],
  opaque: readonly boolean[],
): string[] | 'stdin' | 'file' | 'opaque' {
  let command = false;
  let fromStdin = false;
  const operands: number[] = [];
  for (let index = 1; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--command' || word === '-c') command = true;
    else if (word.startsWith('--command='))
      return opaque[index] === true ? 'opaque' : [word.slice('--command='.length)];
    else if (SHELL_OPTIONS_WITH_VALUE.has(word)) index += 1;
    else if (SHELL_FLAGS.test(word)) {
      if (word.startsWith('-') && word.includes('c')) command = true;
      if (word.startsWith('-') && word.includes('s')) fromStdin = true;
    } else if (word === '-' || word === '--') fromStdin = fromStdin || word === '-';
    else operands.push(index);
  }
  if (command) {
    if (operands.length === 0 || operands.some((index) => opaque[index] === true)) return 'opaque';
    return operands.map((index) => argv[index]!);
  }
  if (fromStdin || operands.length === 0) return 'stdin';
  return 'file';
}
