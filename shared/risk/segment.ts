import type { ShellSegment } from '../shell/index.ts';
import { programName } from './args.ts';
import type { SegmentContext } from './context.ts';
import { raterFor } from './programs/index.ts';
import { unwrap } from './wrappers.ts';

/** Variables that change which code a program loads or runs. */
const loaderVariables =
  /^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PATH|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|EDITOR)=/;

/** Rates one simple command: its assignments, then the program it finally runs. */
export function rateSegment(segment: ShellSegment, ctx: SegmentContext): void {
  if (segment.assignments.some((assignment) => loaderVariables.test(assignment))) {
    ctx.rating.raise('medium', 'Sets a variable that changes which code runs.', 'code_execution');
  }
  if (segment.argv.length === 0) return;
  rateArgv(segment.argv, ctx);
}

/** A program name the shell works out when it runs: `$CMD`, a backtick, `<(…)`. */
export function computedAtRunTime(word: string): boolean {
  return /[$`]/.test(word) || word.startsWith('<(');
}

/** Rates an argument vector: unwraps `sudo`/`env`/`xargs`…, then asks the program's rater. */
export function rateArgv(argv: readonly string[], ctx: SegmentContext): void {
  const command = unwrap(argv, ctx);
  if (command === undefined || command.length === 0) return;
  const inner = command === argv ? ctx : ctx.running(command);
  const word = command[0]!;
  if (computedAtRunTime(word)) {
    inner.rating.raise('medium', 'The program to run is computed at run time.', 'code_execution');
    return;
  }
  const name = programName(word);
  const rater = raterFor(name);
  if (rater) {
    // A program named by path runs whatever file is there; only the known names of system dirs count.
    if (name !== word && !/^\/(?:usr\/)?(?:local\/)?s?bin\//.test(word)) {
      inner.rating.raise('medium', 'Runs a program from a path in the workspace.');
    }
    rater(command.slice(1), inner);
    return;
  }
  // `watch -n 2 'cmd'`: its words are a command line.
  if (name === 'watch') {
    const args = command.slice(1);
    const at = args.findIndex(
      (arg, i) => !arg.startsWith('-') && !/^-(?:n|d|-interval)$/.test(args[i - 1] ?? ''),
    );
    if (at >= 0) inner.rateNested(args.slice(at).join(' '));
    return;
  }
  if (!inner.readOnly) inner.rating.raise('medium', 'Runs a program the rater does not know.');
}
