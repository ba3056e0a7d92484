import { analyzeShell, type ShellAnalysis } from '../shell/index.ts';
import type { CommandPattern } from './bash-pattern.ts';
import { allowRendering } from './bash-render.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import type { RuleBehavior, RuleTarget } from './types.ts';

/**
 * The first words of every text a Bash rule of this behavior would compare with the call's
 * command, or 'any' when a rule could match whatever its text (a command that is not a string,
 * a dynamic command name, code from stdin, a parse error, a wrapper the table cannot read). A
 * command rule whose text begins with a word not among them cannot match (rule-index.ts).
 *
 * Allow rules compare every simple command as written, the first among them: its first word.
 * Deny and ask rules compare every reading of every command run: the walk of bash-unwrap.ts with
 * a pattern that records the first word of each text and matches none, so it is the same walk a
 * rule makes, and meets the same reasons to match anyway.
 */
export function commandNames(target: RuleTarget, behavior: RuleBehavior): ReadonlySet<string> | 'any' {
  const command = target.input.command;
  if (typeof command !== 'string') return behavior === 'allow' ? new Set() : 'any';
  const analysis: ShellAnalysis = target.shell ?? analyzeShell(command);
  if (behavior === 'allow') {
    const first = analysis.segments[0];
    const rendering = first === undefined ? undefined : allowRendering(first);
    return new Set(rendering === undefined ? [] : [firstWord(rendering)]);
  }
  const names = new Set<string>();
  const recorder: CommandPattern = {
    literalPrefix: '',
    leadingWords: [],
    test(text) {
      names.add(firstWord(text));
      return false;
    },
  };
  try {
    return denyMatchesAnalysis(analysis, recorder, command) ? 'any' : names;
  } catch {
    return 'any';
  }
}

/** The text up to its first space, as rules' words are split. */
function firstWord(text: string): string {
  const space = text.indexOf(' ');
  return space === -1 ? text : text.slice(0, space);
}
