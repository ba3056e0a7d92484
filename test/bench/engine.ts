import { Bench } from 'tinybench';
import type { EngineToolCall } from '../../shared/contract/index.ts';
import { callFacts, decide } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { isReadOnlyCommand } from '../../shared/readonly/index.ts';
import { rateRisk } from '../../shared/risk/index.ts';
import type { RuleTarget } from '../../shared/rules/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';
import { findSecrets, secretFileAccess, shieldScan } from '../../shared/shield/index.ts';

/** A 200-rule plan of the kinds users write: Bash prefixes, path globs, domains, MCP tools. */
export function twoHundredRulePlan() {
  const allow: string[] = [];
  const ask: string[] = [];
  const deny: string[] = [];
  for (let i = 0; i < 50; i++) allow.push(`Bash(npm run task${i}:*)`);
  for (let i = 0; i < 30; i++) allow.push(`Edit(packages/p${i}/**)`);
  for (let i = 0; i < 20; i++) allow.push(`WebFetch(domain:docs${i}.example.com)`);
  for (let i = 0; i < 20; i++) allow.push(`mcp__server${i}__*`);
  for (let i = 0; i < 30; i++) deny.push(`Bash(tool${i} --dangerous:*)`);
  for (let i = 0; i < 20; i++) deny.push(`Read(secrets/s${i}/**)`);
  for (let i = 0; i < 29; i++) ask.push(`Bash(deploy${i}:*)`);
  allow.push('Bash(npm test:*)');
  return compilePlan({ permissions: { allow, ask, deny } });
}

/**
 * The compound command of the benchmark, in many spellings: every iteration sees a command it
 * has not seen for a while, so no cache of the last command makes `decide` look faster than a
 * relay serving real, varied traffic would see it.
 */
const variants = 1024;
const commandFor = (i: number) =>
  `npm test -- --run shard${i} && npm test -- --coverage; npm test -- lint${i} || npm test -- retry ${i}`;

export const requestFor = (i: number) => ({
  tool_call_id: `bench-call-${i}`,
  tool: 'Bash',
  input: { command: commandFor(i), description: 'Run the tests', timeout: 120000 },
  cwd: '/home/dev/project',
  wait: 30,
});

export const callFor = (i: number): EngineToolCall => {
  const request = requestFor(i);
  return { toolCallId: request.tool_call_id, tool: request.tool, input: request.input, cwd: request.cwd };
};

export const call = callFor(0);

export interface EngineFigures {
  /** The quietest round's median and p99: the figures the targets are held to. */
  decideMedianUs: number;
  decideP99Us: number;
  /** Every round's median and p99, in the order they ran. */
  rounds: { medianUs: number; p99Us: number }[];
  behavior: string;
  rules: number;
}

/** The targets `decide` is held to on the 200-rule plan (DESIGN §5). */
export const engineTargets = { medianUs: 25, p99Us: 100 } as const;

/**
 * Rounds of timing, each of `roundMs`. On a shared machine a neighbour's load slows a whole
 * round (the same build measured 20 or 35 µs from one round to the next here, while a pure CPU
 * loop stayed within 1 %), so the quietest round is the code's cost and the others show the
 * spread — the practice of Python's `timeit`, whose lowest repeat is its figure.
 */
const rounds = 5;
const roundMs = 600;

/** Median and 99th-percentile µs of one `decide` on the 200-rule plan, each call timed on its own. */
export async function benchEngine(): Promise<EngineFigures> {
  const plan = twoHundredRulePlan();
  const ctx = { mode: 'default' as const, approvalKey: 'Bash:none' };
  const behavior = decide(plan, call, ctx).behavior;
  const engineCalls = Array.from({ length: variants }, (_, i) => callFor(i));
  let next = 0;
  const name = 'decide (200 rules, compound Bash)';
  const timed: EngineFigures['rounds'] = [];
  for (let round = 0; round < rounds; round += 1) {
    const bench = new Bench({ time: roundMs, warmupTime: round === 0 ? 300 : 50 });
    bench.add(name, () => {
      decide(plan, engineCalls[next++ % variants]!, ctx);
    });
    await bench.run();
    const task = bench.getTask(name);
    const latency = task?.result && 'latency' in task.result ? task.result.latency : undefined;
    if (latency?.p50 === undefined || latency.p99 === undefined)
      throw new Error(`benchmark ${name} did not run`);
    timed.push({ medianUs: latency.p50 * 1000, p99Us: latency.p99 * 1000 });
  }
  const quietest = timed.reduce((best, round) => (round.medianUs < best.medianUs ? round : best));
  const rules = plan.rules.allow.length + plan.rules.ask.length + plan.rules.deny.length;
  return { decideMedianUs: quietest.medianUs, decideP99Us: quietest.p99Us, rounds: timed, behavior, rules };
}

/**
 * Median µs of each part of `decide` on the same calls, to see where the time goes. Each part
 * does its own work in full: those that read the command analyse it themselves.
 */
export function benchEngineParts(): Record<string, number> {
  const plan = twoHundredRulePlan();
  const engineCalls = Array.from({ length: variants }, (_, i) => callFor(i));
  const commands = engineCalls.map((engineCall) => engineCall.input.command as string);
  const targets: RuleTarget[] = engineCalls.map(({ tool, input, cwd }) => ({ tool, input, cwd }));
  const parts: Record<string, (i: number) => unknown> = {
    analyzeShell: (i) => analyzeShell(commands[i % variants]!),
    isReadOnlyCommand: (i) => isReadOnlyCommand(analyzeShell(commands[i % variants]!)),
    shieldScan: (i) => shieldScan(engineCalls[i % variants]!),
    '  findSecrets': (i) => findSecrets(engineCalls[i % variants]!.input),
    '  secretFileAccess': (i) => secretFileAccess(engineCalls[i % variants]!),
    rateRisk: (i) => rateRisk(engineCalls[i % variants]!, { secrets: false, readOnly: false }),
    'deny rules': (i) => plan.index.deny.firstMatch(targets[i % variants]!),
    'ask rules': (i) => plan.index.ask.firstMatch(targets[i % variants]!),
    'allow rules': (i) => plan.index.allow.firstMatch(targets[i % variants]!),
    'deny, ask and allow rules together': (i) => {
      const target = targets[i % variants]!;
      return (
        plan.index.deny.firstMatch(target) ??
        plan.index.ask.firstMatch(target) ??
        plan.index.allow.firstMatch(target)
      );
    },
    'deny rules, linear (no index)': (i) =>
      plan.rules.deny.find((rule) => rule.matches(targets[i % variants]!)),
    callFacts: (i) => callFacts(engineCalls[i % variants]!),
  };
  // Timed one call at a time (performance.now costs well under the parts), median of many.
  const figures: Record<string, number> = {};
  const runs = 20_000;
  for (const [name, part] of Object.entries(parts)) {
    const samples = new Float64Array(runs);
    for (let i = 0; i < runs + 2000; i += 1) {
      const started = performance.now();
      part(i);
      if (i >= 2000) samples[i - 2000] = performance.now() - started;
    }
    samples.sort();
    figures[name] = samples[runs >> 1]! * 1000;
  }
  return figures;
}

// `node test/bench/engine.ts`: the headline and the parts.
if (import.meta.main) {
  const engine = await benchEngine();
  console.log(
    `decide: ${engine.decideMedianUs.toFixed(2)} µs median, ${engine.decideP99Us.toFixed(2)} µs p99`,
  );
  for (const [name, us] of Object.entries(benchEngineParts())) console.log(`  ${name}: ${us.toFixed(2)} µs`);
}
