import type { ShellSegment } from '../shell/index.ts';
import { programName } from './args.ts';
import type { SegmentContext } from './context.ts';
import { raterFor } from './programs/index.ts';
import { isWrapper, unwrap } from './wrappers.ts';

/** Variables that change which code a program loads or runs. */
const loaderVariables =
  /^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PATH|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|EDITOR)=/;

/** Rates one simple command: its assignments, then the program it finally runs. */
export function rateSegment(segment: ShellSegment, ctx: SegmentContext): void {
  const { assignments } = segment;
  // Indexed: a segment without assignments shares one frozen list, which `for…of` walks slowly.
  for (let index = 0; index < assignments.length; index += 1) {
    if (loaderVariables.test(assignments[index]!)) {
      ctx.rating.raise('medium', 'Sets a variable that changes which code runs.', 'code_execution');
      break;
    }
  }
  if (segment.argv.length === 0) return;
  rateArgv(segment.argv, ctx);
}

const DOLLAR = 36;
const BACKTICK = 96;
const LESS = 60;
const OPEN_PAREN = 40;

/** `$`, a backtick or a leading `<(`: read character by character, the name being a word or two long. */
export function computedAtRunTime(word: string): boolean {
  for (let index = 0; index < word.length; index += 1) {
    const code = word.charCodeAt(index);
    if (code === DOLLAR || code === BACKTICK) return true;
  }
  return word.charCodeAt(0) === LESS && word.charCodeAt(1) === OPEN_PAREN;
}

/** Rates an argument vector: unwraps `sudo`/`env`/`xargs`…, then asks the program's rater. */
export function rateArgv(argv: readonly string[], ctx: SegmentContext): void {
  // Most commands run no wrapper: their program name is read once, here.
  const first = programName(argv[0] ?? '');
  const command = isWrapper(first) ? unwrap(argv, ctx) : argv;
  if (command === undefined || command.length === 0) return;
  const word = command[0]!;
  if (computedAtRunTime(word)) {
    ctx.rating.raise('medium', 'The program to run is computed at run time.', 'code_execution');
    return;
  }
  const name = command === argv ? first : programName(word);
  const rater = raterFor(name);
  if (rater) {
    // A program named by path runs whatever file is there; only the known names of system dirs count.
    // (`name` is `word` without its path, so they differ exactly when `word` holds a `/`.)
    if (name !== word && !/^\/(?:usr\/)?(?:local\/)?s?bin\//.test(word)) {
      ctx.rating.raise('medium', 'Runs a program from a path in the workspace.');
    }
    rater(command, 1, ctx);
    return;
  }
  // `watch -n 2 'cmd'`: its words are a command line. No rater has its name, so only the
  // programs no rater knows are asked whether they are `watch`.
  if (name === 'watch') {
    const args = command.slice(1);
    const at = args.findIndex(
      (arg, i) => !arg.startsWith('-') && !/^-(?:n|d|-interval)$/.test(args[i - 1] ?? ''),
    );
    if (at >= 0) ctx.rateNested(args.slice(at).join(' '));
    return;
  }
  if (!ctx.readOnly) ctx.rating.raise('medium', 'Runs a program the rater does not know.');
}
