import type { ShellAnalysis, ShellSegment } from '../shell/index.ts';
import type { InPlaceRater } from './context.ts';

/**
 * The shell analysis no longer tells plainly written commands apart, so no segment has a rater
 * found by its name alone: every segment takes the general path.
 */
export function plainRaterOf(_analysis: ShellAnalysis, _segment: ShellSegment): InPlaceRater | undefined {
  return undefined;
}
