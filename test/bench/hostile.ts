import type { EngineToolCall } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import { twoHundredRulePlan } from './engine.ts';

/**
 * Hostile commands built to make the engine work: thousands of `find` roots and `-exec`
 * actions, thousands of nested `eval`s. The shield and the risk rater examine a bounded part of
 * a command (limits.examinedCommands, limits.examinedWords) and ask for the rest, so `decide`
 * on these stays within milliseconds. The tests check what they are rated, never how long it
 * takes; this prints the time, for the bench.
 */
export const hostileCommands: Readonly<Record<string, string>> = {
  'find, 20,000 roots and 5,000 -exec': `find ${'d '.repeat(20_000)}/ ${'-exec rm {} ; '.repeat(5_000)}`,
  '5,000 nested evals': `${'eval '.repeat(5_000)}rm -rf /`,
};

export interface HostileFigure {
  label: string;
  chars: number;
  behavior: string;
  medianMs: number;
}

/** Median ms of `decide` on each hostile command (200-rule plan, default mode), over `runs` runs. */
export function benchHostile(runs = 5): HostileFigure[] {
  const plan = twoHundredRulePlan();
  const ctx = { mode: 'default' as const, approvalKey: 'Bash:none' };
  return Object.entries(hostileCommands).map(([label, command], index) => {
    const times: number[] = [];
    let behavior = '';
    for (let run = 0; run < runs; run += 1) {
      // A new command text each run, so no cache of an earlier run's analysis answers for it.
      const call: EngineToolCall = {
        toolCallId: `hostile-${index}-${run}`,
        tool: 'Bash',
        input: { command: `${command} #${run}` },
        cwd: '/home/dev/project',
      };
      const started = performance.now();
      behavior = decide(plan, call, ctx).behavior;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { label, chars: command.length, behavior, medianMs: times[Math.floor(times.length / 2)]! };
  });
}
