import { newPipelineFacts, type SegmentContext } from '../../shared/risk/context.ts';
import { RatingBuilder } from '../../shared/risk/rating.ts';
import { argvSegment } from '../../shared/risk/shell.ts';

/**
 * What rating one simple command leaves behind: its rating, its pipeline facts, and the commands
 * it hands on (recorded, not rated), for tests of one program's rater.
 */
export function rateRecorded(argv: readonly string[], rate: (ctx: SegmentContext) => void) {
  const handedOn: unknown[] = [];
  const rating = new RatingBuilder();
  const pipeline = newPipelineFacts();
  const contextFor = (words: readonly string[]): SegmentContext => ({
    rating,
    where: { cwd: '/home/dev/project', workspace: '/home/dev/project' },
    pipeline,
    readOnly: false,
    depth: 0,
    segment: argvSegment(words),
    rateNested: (command, place) => handedOn.push(['nested', command, place]),
    rateArgv: (inner) => handedOn.push(['argv', [...inner]]),
    running: (inner) => contextFor(inner),
  });
  rate(contextFor(argv));
  return { rating: rating.finish(), pipeline, handedOn };
}
