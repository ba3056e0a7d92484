import type { ShellAnalysis } from '../../shared/shell/index.ts';

/**
 * An analysis as plain data: each segment's fields read through, whether they are own fields or
 * made on demand (the plain-command fast path makes a segment's words only when asked). Two
 * analyses say the same when their plain data are strictly equal.
 */
export function asData(analysis: ShellAnalysis | undefined) {
  if (analysis === undefined) return undefined;
  return {
    ...analysis,
    segments: analysis.segments.map(({ argv, assignments, text, words }) => ({
      argv,
      assignments,
      text,
      words,
    })),
  };
}
