import { newPipelineFacts, type SegmentContext } from '../../shared/risk/context.ts';
import { RatingBuilder } from '../../shared/risk/rating.ts';

/**
 * What rating one segment leaves behind: its rating, its pipeline facts, and the commands it hands
 * on (recorded, not rated), for tests that compare two ways of rating the same words.
 */
export function rateRecorded(rate: (ctx: SegmentContext) => void) {
  const handedOn: unknown[] = [];
  const ctx: SegmentContext = {
    rating: new RatingBuilder(),
    where: { cwd: '/home/dev/project', workspace: '/home/dev/project' },
    pipeline: newPipelineFacts(),
    readOnly: false,
    depth: 0,
    rateNested: (command, place) => handedOn.push(['nested', command, place]),
    rateArgv: (inner) => handedOn.push(['argv', [...inner]]),
  };
  rate(ctx);
  return { rating: ctx.rating.finish(), pipeline: ctx.pipeline, handedOn };
}
