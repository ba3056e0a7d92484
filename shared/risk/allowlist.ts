import { isReadOnlyCommand } from '../readonly/index.ts';
import type { ShellSegment } from '../shell/index.ts';
import { quoteArgv } from './quote.ts';

/**
 * Why one simple command is not provably a read, by the same allowlist the engine reads with;
 * undefined when it only reads. "Rated safe" means exactly this: a program the rater knows no
 * harm of, used with options and words the read-only list admits. Redirections are not part of
 * it: the rater rates each on its own.
 */
export function readOnlySegmentReason(segment: ShellSegment): string | undefined {
  // A word whose value is known only when it runs may split into options (`rg $X`).
  if (segment.words?.some((word) => word.dynamic || word.glob) ?? true) {
    return 'A word of the command is known only when it runs.';
  }
  const verdict = isReadOnlyCommand(quoteArgv([...segment.assignments, ...segment.argv]));
  return verdict.readOnly ? undefined : verdict.reason;
}
