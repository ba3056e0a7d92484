import { readOnlySegmentReason } from '../readonly/index.ts';
import type { ShellSegment } from '../shell/index.ts';
import { programName } from '../wrappers/index.ts';
import type { SegmentContext } from './context.ts';
import { raterFor } from './programs/index.ts';
import { namesSecretFile, secretFileNote } from './secret-files.ts';
import { isWrapper, rateWrapped } from './wrappers.ts';

/** Variables that change which code a program loads or runs. */
const loaderVariables =
  /^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PATH|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|EDITOR)=/;

/** Rates one simple command: its assignments, then the program it finally runs. */
export function rateSegment(segment: ShellSegment, ctx: SegmentContext): void {
  if (segment.assignments.some((assignment) => loaderVariables.test(assignment))) {
    ctx.rating.raise('medium', 'Sets a variable that changes which code runs.', 'code_execution');
  }
  if (segment.argv.length === 0) return;
  // Whatever the program, a secret file named on its command line is read or moved by it.
  if (segment.argv.slice(1).some((word) => namesSecretFile(word, ctx.where))) {
    ctx.rating.raise('high', secretFileNote, 'secret_exposure');
  }
  rateArgv(segment.argv, ctx);
}

/** A program name the shell works out when it runs: `$CMD`, a backtick, `<(…)`. */
function computedAtRunTime(word: string): boolean {
  return /[$`]/.test(word) || word.startsWith('<(');
}

/**
 * Rates an argument vector: unwraps `sudo`/`env`/`xargs`…, then asks the program's rater. What
 * no rater finds anything in is safe only when it passes the read-only allowlist; otherwise its
 * effect is unknown: medium.
 */
export function rateArgv(argv: readonly string[], ctx: SegmentContext): void {
  const before = ctx.rating.raised();
  const runs = rateProgram(argv, ctx);
  if (runs === undefined || ctx.readOnly || ctx.rating.raised() !== before) return;
  // The segment's one parse is that of `runs.segment` itself: `reading` is set for no other.
  if (readOnlySegmentReason(runs.segment, runs.reading?.parsed) !== undefined) {
    runs.rating.raise(
      'medium',
      'Uses options or words the read-only list does not admit: its effect is not known.',
    );
  }
}

/** Rates the program `argv` runs; the context to check against the allowlist, if any. */
function rateProgram(argv: readonly string[], ctx: SegmentContext): SegmentContext | undefined {
  const word = argv[0]!;
  if (computedAtRunTime(word)) {
    ctx.rating.raise('medium', 'The program to run is computed at run time.', 'code_execution');
    return ctx;
  }
  const name = programName(word);
  if (isWrapper(name)) {
    // What a wrapper runs is rated as itself, and checked against the allowlist on its own.
    rateWrapped(name, argv, ctx);
    return undefined;
  }
  const rater = raterFor(name);
  if (rater === undefined) {
    if (!ctx.readOnly) ctx.rating.raise('medium', 'Runs a program the rater does not know.');
    return ctx;
  }
  // A program named by path runs whatever file is there; only the known names of system dirs count.
  if (name !== word && !/^\/(?:usr\/)?(?:local\/)?s?bin\//.test(word)) {
    ctx.rating.raise('medium', 'Runs a program from a path in the workspace.');
  }
  rater(argv.slice(1), ctx);
  return ctx;
}
