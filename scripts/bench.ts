// `npm run bench`: the speed targets, measured and printed as figures (never asserted in tests).
import { benchEngine } from '../test/bench/engine.ts';

const fmt = (n: number) => n.toFixed(2);

const engine = await benchEngine();
console.log('Decision engine');
console.log(`  decide, ${engine.rules}-rule plan, compound Bash (${engine.behavior}): ${fmt(engine.decideMedianUs)} µs median (target ≤ 5 µs)`);
console.log(`  zod-validate the same request:                     ${fmt(engine.validateMedianUs)} µs median`);
console.log(`  decide / validation:                               ${fmt(engine.ratio)}× (target ≤ 1×)`);
