import type { ShellAnalysis, ShellSegment } from './types.ts';

/**
 * Whether a command is a list of simple commands written plainly (`npm test -- x && git status`):
 * it parses, has a command, has no substitution and no redirection, and every simple command has
 * no assignment, a literal name without a path or a glob, and words written as their literal
 * values, one space apart. For such a command each simple command's text says all there is to
 * say about it (the rules read nothing else, rules/bash-simple.ts).
 *
 * The general parser asks this of what it parsed; the plain-command fast path (plain.ts) works
 * the same answer out while it scans, and the two are compared by test/unit/shell-fastpath.test.ts.
 */
export function isPlainlyWritten(analysis: Omit<ShellAnalysis, 'plainlyWritten'>): boolean {
  const { segments } = analysis;
  if (
    analysis.error !== undefined ||
    analysis.substitution ||
    analysis.redirections.length > 0 ||
    segments.length === 0
  )
    return false;
  for (const segment of segments) if (!plainSegment(segment)) return false;
  return true;
}

function plainSegment({ argv, words, assignments, text }: ShellSegment): boolean {
  if (assignments.length > 0 || words === undefined || words.length !== argv.length || argv.length === 0)
    return false;
  const name = words[0]!;
  if (name.glob || name.raw.includes('/')) return false;
  let written = words.length - 1;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word.dynamic || word.raw !== argv[index]) return false;
    written += word.raw.length;
  }
  // One blank between each word (the text runs from the first word to the last): a space.
  return text.length === written && !text.includes('\t');
}
