import type { ShellAnalysis, ShellSegment } from '../shell/index.ts';
import { runsOtherCommands } from './bash-wrappers.ts';
import { recentResults } from './recent.ts';

/**
 * Whether a command is simply written: it parses, has commands, and has no substitution, no
 * redirection and no assignment, and every simple command is a literal name without a path that
 * runs nothing else (bash-wrappers.ts), then words written as their values, one space apart.
 * Most commands agents run are (`npm test -- --run x && git status`).
 *
 * For such a command each simple command's text is all that rules read: it is the one reading a
 * deny or ask pattern is tested against (bash-readings.ts) and the allow rendering (bash-render.ts),
 * and nothing in it makes an allow rule refuse the command. So the rules read the texts directly
 * and build no per-segment view (bash-view.ts); `test/unit/rules-simple-fastpath.test.ts` checks
 * that the view would say the same.
 */
export const simplyWritten = recentResults(
  (analysis: ShellAnalysis): boolean =>
    analysis.error === undefined &&
    !analysis.substitution &&
    analysis.redirections.length === 0 &&
    analysis.segments.length > 0 &&
    everySegment(analysis.segments),
  16,
);

function everySegment(segments: readonly ShellSegment[]): boolean {
  for (let index = 0; index < segments.length; index += 1) {
    if (!simpleSegment(segments[index]!)) return false;
  }
  return true;
}

function simpleSegment({ argv, words, assignments, text }: ShellSegment): boolean {
  if (assignments.length > 0 || words === undefined || words.length !== argv.length || argv.length === 0)
    return false;
  // The name: literal (no glob, nothing expanded), without a path, and not a wrapper or a shell.
  const name = words[0]!;
  // (A name with a path is also read as its base by deny rules: two readings, not one.)
  if (name.dynamic || name.glob || name.raw.indexOf('/') !== -1 || runsOtherCommands(name.raw)) return false;
  // Every word its own value (no quotes, no escapes), and the text those words one space apart.
  let written = words.length - 1;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word.dynamic || word.raw !== argv[index]) return false;
    written += word.raw.length;
  }
  // One blank between each word: a space, unless it is a tab.
  return text.length === written && text.indexOf('\t') === -1;
}
