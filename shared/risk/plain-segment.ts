import type { ShellAnalysis, ShellSegment } from '../shell/index.ts';
import { programName } from './args.ts';
import type { InPlaceRater } from './context.ts';
import { changesDirectory } from './directory.ts';
import { NameTable } from './name-table.ts';
import { namedRaters } from './programs/index.ts';
import { computedAtRunTime } from './segment.ts';
import { isWrapper } from './wrappers.ts';

/**
 * A segment of a plainly written command (`ShellAnalysis.plainlyWritten`) assigns nothing, so
 * rating it is rating its argv (rateSegment). When its name is one of these programs, that in
 * turn is only calling the program's rater from the second word on (rateArgv): the name holds
 * no path, is no wrapper, is not computed at run time and changes no directory, so every other
 * check of the general path answers no. Such segments are rated by one lookup of their name;
 * any other name (`sudo`, `cd`, `watch`, an alias, an unknown program) takes the general path.
 *
 * The table is drawn from the general path's own checks, so the two cannot drift apart
 * (test/unit/risk-plain-fastpath.test.ts compares them).
 */
const plainRaters = new NameTable<InPlaceRater>(
  namedRaters.filter(
    ([name]) =>
      programName(name) === name && !isWrapper(name) && !computedAtRunTime(name) && !changesDirectory(name),
  ),
);

/**
 * The rater of a segment's program when the general path would only call it, from the second
 * word on: a segment of a plainly written command naming one of the programs above.
 */
export function plainRaterOf(analysis: ShellAnalysis, segment: ShellSegment): InPlaceRater | undefined {
  return analysis.plainlyWritten ? plainRaters.get(segment.argv[0]!) : undefined;
}
