import { analyzeShell, type ShellAnalysis, writesFile } from '../shell/index.ts';
import { compileCommandPattern } from './bash-pattern.ts';
import { allowRendering } from './bash-render.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import type { InputMatcher, RuleBehavior } from './types.ts';

/**
 * The engine tries every rule against the same call; analysing the command once per call rather
 * than once per rule keeps a 500-rule plan cheap. A handful of recent commands is enough.
 */
const recentAnalyses: Array<[string, ShellAnalysis]> = [];
const RECENT_ANALYSES = 8;

export function analyzeCached(command: string): ShellAnalysis {
  for (const [cached, analysis] of recentAnalyses) if (cached === command) return analysis;
  const analysis = analyzeShell(command);
  recentAnalyses.unshift([command, analysis]);
  recentAnalyses.length = Math.min(recentAnalyses.length, RECENT_ANALYSES);
  return analysis;
}

/**
 * `Bash(specifier)`, matched per simple command of `input.command`.
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
export function compileBashMatcher(rule: string, specifier: string, behavior: RuleBehavior): InputMatcher {
  const pattern = compileCommandPattern(rule, specifier);
  if (behavior === 'allow') {
    return ({ input }) => {
      const command = input.command;
      if (typeof command !== 'string') return false;
      const analysis = analyzeCached(command);
      if (analysis.error !== undefined || analysis.substitution || analysis.segments.length === 0)
        return false;
      if (analysis.redirections.some(writesFile)) return false;
      return analysis.segments.every((segment) => {
        const rendering = allowRendering(segment);
        if (rendering === undefined || !pattern.test(rendering)) return false;
        // `Bash(* --version)` must not allow `$CMD --version`: a command name known only at run
        // time is allowed only by a rule that spells it out literally.
        const name = segment.words?.[0];
        return name === undefined || !(name.dynamic || name.glob) || pattern.literalPrefix !== '';
      });
    };
  }
  return ({ input }) => {
    const command = input.command;
    if (typeof command !== 'string') return true;
    return denyMatchesAnalysis(analyzeCached(command), pattern, command);
  };
}
