import { wrappedCommands, wrappers } from '../wrappers/index.ts';
import type { SegmentContext } from './context.ts';
import { textHazards } from './text-hazards.ts';

/**
 * Programs that run another program (`sudo`, `env`, `timeout`, `xargs`, `watch`…): the danger is
 * in what they run, which is rated as itself. How each one's command is found is read from its
 * catalog entry (shared/programs/wrappers.ts) by shared/wrappers; the rater adds only what
 * running through them means: a command line it cannot read, code from stdin, or another user.
 */

/** Wrappers that run their command as another user, usually root. */
const privileged: ReadonlySet<string> = new Set([
  'sudo',
  'doas',
  'pkexec',
  'run0',
  'su',
  'runuser',
  'gosu',
  'su-exec',
  'setpriv',
]);

/** Whether the program `name` (already stripped of its path) is one of the wrapper table's. */
export function isWrapper(name: string): boolean {
  return Object.hasOwn(wrappers, name);
}

/** Rates a wrapper's simple command: each command it runs, as itself. */
export function rateWrapped(name: string, argv: readonly string[], ctx: SegmentContext): void {
  if (privileged.has(name)) {
    ctx.rating.raise('high', 'Runs as another user (usually root).', 'privilege_escalation');
  }
  const found = wrappedCommands(argv);
  // `env` alone prints the environment.
  if (found.length === 0 && name === 'env') {
    ctx.rating.raise(
      'medium',
      'Prints environment variables, which often hold credentials.',
      'secret_exposure',
    );
  }
  for (const wrapped of found) {
    switch (wrapped.kind) {
      case 'argv':
        ctx.rateArgv(wrapped.argv);
        break;
      case 'script':
        ctx.rateNested(wrapped.script);
        break;
      case 'stdin':
        // `sudo -s`, `at now`: a shell reading its input (with a download or a socket, critical).
        ctx.pipeline.stdinRunners++;
        ctx.rating.raise('medium', 'Runs commands read from its input.', 'code_execution');
        break;
      case 'unknown':
        ctx.rating.raise('medium', 'Runs another program in a way the rater cannot read.', 'code_execution');
        // What it runs is not known, so its words are searched for the worst patterns as text
        // (`env -S '-i rm -rf /'`, whose split string starts with an option, stays critical).
        textHazards(argv.join(' '), ctx.rating);
        break;
    }
  }
}
