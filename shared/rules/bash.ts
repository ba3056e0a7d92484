import { analyzeShell, type ShellAnalysis, type ShellWord, writesFile } from '../shell/index.ts';
import type { CommandPattern } from './bash-pattern.ts';
import { allowRendering } from './bash-render.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import type { InputMatcher, RuleBehavior, RuleTarget } from './types.ts';

/**
 * `Bash(specifier)`, matched per simple command of `input.command`, read from `target.shell`
 * (the engine's one analysis of the call's command) or analysed here when the caller has none.
 *
 * Allow: the command parses, has no substitution and no redirection that writes a file (fd
 * duplication and `/dev/null` are fine), and EVERY simple command matches as written (see
 * bash-render.ts). Wrappers are not looked through: `sudo git status` needs a rule that names
 * `sudo`. A dynamic command name (`$CMD`, `{a,b}`, `r?`) needs a rule that starts with literal text.
 *
 * Deny and ask: ANY simple command matches, including those inside substitutions and behind
 * wrappers (shared/wrappers), any command whose name is dynamic, any shell that reads code from
 * stdin, and any unparsable command in which the rule's command text appears (bash-unwrap.ts).
 * A missing or non-string `command` matches.
 */
export function compileBashMatcher(pattern: CommandPattern, behavior: RuleBehavior): InputMatcher {
  if (behavior === 'allow') {
    // `Bash(* --version)` must not allow `$CMD --version`: a command name known only at run time
    // is allowed only by a rule that spells it out literally.
    const literalName = pattern.literalPrefix !== '';
    return (target) => {
      const command = target.input.command;
      if (typeof command !== 'string') return false;
      const analysis = analysisOf(target, command);
      if (!allowable(analysis)) return false;
      for (const segment of analysis.segments) {
        const rendering = allowRendering(segment);
        if (rendering === undefined || !pattern.test(rendering)) return false;
        if (!literalName && opaque(segment.words?.[0])) return false;
      }
      return true;
    };
  }
  return (target) => {
    const command = target.input.command;
    if (typeof command !== 'string') return true;
    return denyMatchesAnalysis(analysisOf(target, command), pattern, command);
  };
}

/** The call's analysis when the engine made one (it is the analysis of this command), else a new one. */
function analysisOf(target: RuleTarget, command: string): ShellAnalysis {
  return target.shell ?? analyzeShell(command);
}

/**
 * Whether an allow rule may match at all: the command parses, has a command, no substitution and
 * no redirection into a file.
 */
function allowable(analysis: ShellAnalysis): boolean {
  return (
    analysis.error === undefined &&
    !analysis.substitution &&
    analysis.segments.length > 0 &&
    !analysis.redirections.some(writesFile)
  );
}

/** A word whose value is known only at run time (a missing one counts as such). */
export function opaque(word: ShellWord | undefined): boolean {
  return word === undefined || word.dynamic || word.glob;
}
