import { type ShellAnalysis, writesFile } from '../shell/index.ts';
import { allowRendering } from './bash-render.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import { recentResults } from './recent.ts';

/**
 * What Bash rules read from a command's analysis, worked out once per analysis and shared by every
 * rule (and by the rule index): `analyzeShell` hands out the same analysis object for the same
 * command, and these are kept for the last few analyses (recent.ts).
 */

/** One simple command as an allow rule sees it. */
export interface AllowSegment {
  /** Assignments and words as written, one space apart; undefined when it cannot be rendered. */
  rendering: string | undefined;
  /** The command name is known only at run time (`$CMD`, `{a,b}`, `r?`). */
  dynamicName: boolean;
}

const RECENT_VIEWS = 8;

/**
 * The segments an allow rule must all match, or null when no allow rule can match the command:
 * it does not parse, has a substitution or no command, or redirects into a file (descriptor
 * duplication and `/dev/null` are fine).
 */
export const allowSegments = recentResults(allowView, RECENT_VIEWS);

function allowView(analysis: ShellAnalysis): readonly AllowSegment[] | null {
  const allowable =
    analysis.error === undefined &&
    !analysis.substitution &&
    analysis.segments.length > 0 &&
    !analysis.redirections.some(writesFile);
  const view = allowable
    ? analysis.segments.map((segment) => {
        const name = segment.words?.[0];
        return {
          rendering: allowRendering(segment),
          dynamicName: name !== undefined && (name.dynamic || name.glob),
        };
      })
    : null;
  return view;
}

/**
 * Every text a deny or ask command pattern would be tested against for this command (each simple
 * command in each reading, behind wrappers, in `sh -c` strings…), or 'any' when some deny rule
 * would match whatever its pattern: a dynamic command name, a shell reading stdin, a command that
 * does not parse, unwrapping too deep.
 *
 * It walks the command exactly as a deny pattern does (bash-unwrap.ts) with a pattern that records
 * each text and matches none; a real pattern's walk is the same walk cut short at its first match,
 * so a rule whose pattern matches none of these texts, and meets no 'any', cannot match.
 */
export const generousReadings = recentResults(recordReadings, RECENT_VIEWS);

function recordReadings(analysis: ShellAnalysis): readonly string[] | 'any' {
  const seen = new Set<string>();
  const recorder = {
    literalPrefix: '',
    leadingWords: [],
    test(text: string): boolean {
      seen.add(text);
      return false;
    },
  };
  try {
    // The command text is only read for a parse error, which the empty literal prefix makes 'any'.
    return denyMatchesAnalysis(analysis, recorder, '') ? 'any' : [...seen];
  } catch {
    return 'any';
  }
}
