import type { ShellAnalysis } from '../shell/index.ts';
import { denyMatchesAnalysis } from './bash-unwrap.ts';
import { commandView, type SegmentView } from './bash-view.ts';

/**
 * Every text a deny or ask command pattern would be tested against for this command (each simple
 * command in each reading, behind wrappers, in `sh -c` strings…), or 'any' when some deny rule
 * would match whatever its pattern: a dynamic command name, a shell reading stdin, a command that
 * does not parse, unwrapping too deep. Worked out once per analysis (bash-view.ts).
 *
 * It walks the command exactly as a deny pattern does (bash-unwrap.ts) with a pattern that records
 * each text and matches none; a real pattern's walk is the same walk cut short at its first match,
 * so a rule whose pattern matches none of these texts, and meets no 'any', cannot match.
 */
export function generousReadings(analysis: ShellAnalysis): readonly string[] | 'any' {
  const view = commandView(analysis);
  view.generous ??= recordReadings(analysis);
  return view.generous;
}

function allPlain(segments: readonly SegmentView[]): boolean {
  for (const segment of segments) if (!segment.plain) return false;
  return true;
}

function recordReadings(analysis: ShellAnalysis): readonly string[] | 'any' {
  // The usual command: simple commands that wrap nothing, parsed. The walk would record their
  // readings and nothing else, so they are taken as they are.
  const { segments } = commandView(analysis);
  if (analysis.error === undefined && allPlain(segments)) {
    if (segments.length === 1) return segments[0]!.readings;
    const readings: string[] = [];
    for (const segment of segments) for (const reading of segment.readings) readings.push(reading);
    return readings;
  }
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
