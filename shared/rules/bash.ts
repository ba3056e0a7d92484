import { analyzeShell } from '../shell/index.ts';
import type { CommandPattern } from './bash-pattern.ts';
import { simpleSegments } from './bash-simple.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import { commandView } from './bash-view.ts';
import type { InputMatcher, RuleBehavior } from './types.ts';

/**
 * `Bash(specifier)`, matched per simple command of `input.command`. Every rule of a call asks
 * `analyzeShell` for the same command and gets the same analysis back, parsed once.
 *
 * Allow: the command parses, has no substitution and no redirection that writes a file (fd
 * duplication and `/dev/null` are fine), and EVERY simple command matches as written (see
 * bash-render.ts). Wrappers are not looked through: `sudo git status` needs a rule that names
 * `sudo`. A dynamic command name (`$CMD`, `{a,b}`, `r?`) needs a rule that starts with literal text.
 *
 * Deny and ask: ANY simple command matches, including those inside substitutions and behind
 * wrappers (`sudo`, `xargs`, `bash -c "…"`, `find -exec` …), any command whose name is dynamic, any
 * shell that reads code from stdin, and any unparsable command in which the rule's command text
 * appears. A missing or non-string `command` matches.
 */
export function compileBashMatcher(pattern: CommandPattern, behavior: RuleBehavior): InputMatcher {
  if (behavior === 'allow') {
    // `Bash(* --version)` must not allow `$CMD --version`: a command name known only at run time
    // is allowed only by a rule that spells it out literally.
    const literalName = pattern.literalPrefix !== '';
    const { testWords } = pattern;
    return ({ input }) => {
      const command = input.command;
      if (typeof command !== 'string') return false;
      const segments = simpleSegments(command);
      if (segments !== undefined) {
        // Each simple command's text is its allow rendering, its name literal (bash-simple.ts).
        for (let index = 0; index < segments.length; index += 1) {
          const segment = segments[index]!;
          if (testWords !== undefined ? !testWords(segment.argv) : !pattern.test(segment.text)) return false;
        }
        return true;
      }
      const view = commandView(analyzeShell(command));
      if (!view.allowable) return false;
      for (const { allowRendering, dynamicName } of view.segments) {
        if (allowRendering === undefined || !pattern.test(allowRendering)) return false;
        if (dynamicName && !literalName) return false;
      }
      return true;
    };
  }
  return ({ input }) => {
    const command = input.command;
    if (typeof command !== 'string') return true;
    return denyMatchesAnalysis(analyzeShell(command), pattern, command);
  };
}
