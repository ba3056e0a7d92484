import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';
import { programName, type Wrapped, wrappedCommands } from '../wrappers/index.ts';
import type { CommandPattern } from './bash-pattern.ts';
import { denyRenderings } from './bash-render.ts';

/** How deep wrappers and `sh -c` strings are followed before giving up (and matching). */
const MAX_UNWRAP_DEPTH = 6;
/** Readings tried per top-level simple command before giving up (and matching). */
const MAX_READINGS = 10_000;

interface Budget {
  readings: number;
}

/** A simple command's words: argv, each as written, and whether its value is known only at run time. */
interface Words {
  readonly argv: readonly string[];
  /** Undefined when the words are not the ones written (git without its global options). */
  readonly raw: readonly string[] | undefined;
  readonly opaque: readonly boolean[];
  readonly assignments: readonly string[];
}

/**
 * True when a deny/ask command pattern matches any command this analysis may run: any simple
 * command, in any reading (as written, after quote removal, with its assignments, `/bin/rm` as
 * `rm`), and every command a wrapper runs (shared/wrappers), read again; and whenever what runs
 * cannot be known (a dynamic command name, code from stdin, a command the wrapper table cannot
 * read, too deep).
 */
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
  for (const segment of analysis.segments) {
    // Plain compound commands are cheap; the budget is for what one command unwraps into.
    const segmentBudget = depth === 0 ? { readings: 0 } : budget;
    if (matchesSegment(segment, pattern, depth, segmentBudget)) return true;
  }
  // A command we could not parse may still run the rule's command: fail closed when its text shows up.
  if (analysis.error !== undefined) {
    if (pattern.literalPrefix === '') return true;
    return command.replace(/\s+/g, ' ').includes(pattern.literalPrefix);
  }
  return false;
}

function matchesSegment(
  segment: ShellSegment,
  pattern: CommandPattern,
  depth: number,
  budget: Budget,
): boolean {
  const { words } = segment;
  if (words === undefined || words.length !== segment.argv.length) return true;
  return matchesWords(
    {
      argv: segment.argv,
      raw: words.map((word) => word.raw),
      opaque: words.map((word) => word.dynamic || word.glob),
      assignments: segment.assignments,
    },
    pattern,
    depth,
    budget,
  );
}

function matchesWords(words: Words, pattern: CommandPattern, depth: number, budget: Budget): boolean {
  budget.readings += 1;
  if (depth > MAX_UNWRAP_DEPTH || budget.readings > MAX_READINGS) return true;
  const { argv, raw, opaque, assignments } = words;
  const name = argv[0];
  if (name === undefined) return assignments.length > 0 && pattern.test(assignments.join(' '));
  // `$CMD x`, `/bin/r?`: the command run is unknowable, so it may be the denied one.
  if (opaque[0] === true) return true;
  if (denyRenderings(argv, raw, assignments).some((reading) => pattern.test(reading))) return true;
  const base = programName(name);
  if (base !== name && pattern.test([base, ...argv.slice(1)].join(' '))) return true;
  return wrappedCommands(argv).some((wrapped) => matchesWrapped(wrapped, words, pattern, depth + 1, budget));
}

function matchesWrapped(
  wrapped: Wrapped,
  outer: Words,
  pattern: CommandPattern,
  depth: number,
  budget: Budget,
): boolean {
  if (wrapped.kind === 'stdin' || wrapped.kind === 'unknown') return true;
  if (wrapped.kind === 'script') {
    // `sh -c "$1"`, `eval "$CMD"`: a command line known only at run time.
    if (outer.opaque.slice(wrapped.offset, wrapped.end).some(Boolean)) return true;
    if (depth > MAX_UNWRAP_DEPTH) return true;
    return matchesAnalysis(analyzeShell(wrapped.script), pattern, wrapped.script, depth, budget);
  }
  const inner = innerWords(wrapped.argv, wrapped.offset, outer);
  return inner === undefined || matchesWords(inner, pattern, depth, budget);
}

/**
 * The words of a wrapped argv with what is known of each: the outer words from `offset` when it
 * is them (`sudo rm x`), or them after a name of its own (`git` without its global options).
 * Anything else (options permuted out of the command, `su u rm -f x`) with a word known only at
 * run time: undefined, and the caller fails closed.
 */
function innerWords(argv: readonly string[], offset: number, outer: Words): Words | undefined {
  const tail = outer.argv.slice(offset);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((word, at) => word === b[at]);
  if (same(argv, tail.slice(0, argv.length))) {
    const end = offset + argv.length;
    return {
      argv,
      raw: outer.raw?.slice(offset, end),
      opaque: outer.opaque.slice(offset, end),
      assignments: [],
    };
  }
  if (same(argv.slice(1), tail)) {
    return { argv, raw: undefined, opaque: [false, ...outer.opaque.slice(offset)], assignments: [] };
  }
  if (outer.opaque.slice(offset).some(Boolean)) return undefined;
  return { argv, raw: undefined, opaque: argv.map(() => false), assignments: [] };
}
