import type { ShellRedirection, ShellSegment } from './types.ts';

/**
 * Deepest nesting of `$(…)`, backticks, `${…}`, quotes inside those and subshells. Real commands
 * stay far below; the cap keeps hostile input from exhausting the stack.
 */
export const MAX_NESTING = 32;

/** Thrown inside the parser only; `analyzeShell` turns it into `ShellAnalysis.error`. */
export class ShellSyntaxError extends Error {
  override readonly name = 'ShellSyntaxError';
}

export function fail(message: string): never {
  throw new ShellSyntaxError(message);
}

/** What the whole analysis collects, shared by every nested scan. */
export interface Collector {
  segments: ShellSegment[];
  redirections: ShellRedirection[];
  substitution: boolean;
  expansion: boolean;
  background: boolean;
}

export interface PendingHeredoc {
  delimiter: string;
  /** `<<-` strips leading tabs from body lines before comparing them to the delimiter. */
  stripTabs: boolean;
  /** A quoted delimiter makes the body literal: no expansion or substitution inside. */
  literal: boolean;
}

/** A position in one source string. Backtick bodies and heredoc bodies get a scan of their own. */
export interface Scan {
  readonly src: string;
  pos: number;
  readonly out: Collector;
  heredocs: PendingHeredoc[];
  /**
   * The offset in the analysed command of a position in `src`: the identity for the command
   * itself, a shift for a heredoc body, a table for an unescaped backtick body. Words and segments
   * are placed with it, so nested commands point into the one string the caller has.
   */
  readonly toSource: (pos: number) => number;
}

const sameOffset = (pos: number): number => pos;

export function newScan(src: string, out: Collector, toSource: (pos: number) => number = sameOffset): Scan {
  return { src, pos: 0, out, heredocs: [], toSource };
}

export function checkDepth(depth: number): void {
  if (depth > MAX_NESTING) fail(`nesting deeper than ${MAX_NESTING} levels`);
}
