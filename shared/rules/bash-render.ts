import type { ShellSegment } from '../shell/index.ts';

/**
 * The text an allow rule is compared with: assignments, then each word as written (quotes kept),
 * one space apart. Keeping quotes means `git push "origin main"` is not `git push origin main`;
 * keeping assignments means `Bash(git status)` does not allow `GIT_DIR=x git status`.
 * Redirections are not part of it; allow matching checks them separately.
 */
export function allowRendering(segment: ShellSegment): string | undefined {
  if (segment.written !== undefined) return segment.written;
  const { words, assignments } = segment;
  if (words === undefined || words.length !== segment.argv.length) return undefined;
  let text = assignments.join(' ');
  for (const word of words) text = text === '' ? word.raw : `${text} ${word.raw}`;
  return text;
}

/** Deny rules try every reading of a command: as written, after quote removal, with and without assignments. */
export function denyRenderings(
  argv: readonly string[],
  raw: readonly string[] | undefined,
  assignments: readonly string[],
): string[] {
  const readings = [argv.join(' ')];
  if (raw !== undefined) readings.push(raw.join(' '));
  if (assignments.length > 0) readings.push([...assignments, ...argv].join(' '));
  return readings;
}
