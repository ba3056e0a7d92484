import type { ProgramRater } from '../context.ts';

/**
 * `watch`: runs a command line again and again; the danger is in that command. Its options are
 * read from a list: an option not on it may take a value, which would shift what is run, so it
 * is a finding of its own.
 */
const watchValueOptions = ['-n', '--interval', '-q', '--equexit'];
const watchFlags =
  /^(?:-[bcCdeghprtwx]+|--(?:beep|color|no-color|differences(?:=permanent)?|errexit|chgexit|precise|no-rerun|no-title|no-wrap|exec|help|version))$/;

const watch: ProgramRater = (args, ctx) => {
  let exec = false;
  let at = 0;
  for (; at < args.length; at += 1) {
    const arg = args[at]!;
    if (arg === '--') {
      at += 1;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    if (watchValueOptions.includes(arg)) at += 1;
    else if (/^-n./.test(arg) || /^--(?:interval|equexit)=/.test(arg)) continue;
    else if (watchFlags.test(arg)) exec ||= arg === '--exec' || /^-[^-]*x/.test(arg);
    else ctx.rating.raise('medium', 'Runs another program with an option the rater does not know.');
  }
  const command = args.slice(at);
  if (command.length === 0) return;
  // `-x` runs the words as they are; otherwise they are joined and given to `sh -c`.
  if (exec) ctx.rateArgv(command);
  else ctx.rateNested(command.join(' '));
};

export const runnerRaters: Record<string, ProgramRater> = { watch };
