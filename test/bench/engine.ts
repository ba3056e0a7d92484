import { Bench } from 'tinybench';
import { type EngineToolCall, ToolCallRequest } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';

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
  decideMedianUs: number;
  validateMedianUs: number;
  ratio: number;
  behavior: string;
  rules: number;
}

/** Median µs of one `decide` on the 200-rule plan beside zod-validating the same request. */
export async function benchEngine(): Promise<EngineFigures> {
  const plan = twoHundredRulePlan();
  const ctx = { mode: 'default' as const, approvalKey: 'Bash:none', sessionGrants: new Set<string>() };
  const behavior = decide(plan, call, ctx).behavior;
  const requests = Array.from({ length: variants }, (_, i) => requestFor(i));
  const engineCalls = Array.from({ length: variants }, (_, i) => callFor(i));
  let next = 0;
  let nextRequest = 0;
  const bench = new Bench({ time: 1500, warmupTime: 300 });
  bench
    .add('decide (200 rules, compound Bash)', () => {
      decide(plan, engineCalls[next++ % variants]!, ctx);
    })
    .add('zod-validate the same request', () => {
      ToolCallRequest.safeParse(requests[nextRequest++ % variants]);
    });
  await bench.run();
  const median = (name: string) => {
    const task = bench.getTask(name);
    const p50 = task?.result && 'latency' in task.result ? task.result.latency.p50 : undefined;
    if (p50 === undefined) throw new Error(`benchmark ${name} did not run`);
    return p50 * 1000;
  };
  const decideMedianUs = median('decide (200 rules, compound Bash)');
  const validateMedianUs = median('zod-validate the same request');
  const rules = plan.rules.allow.length + plan.rules.ask.length + plan.rules.deny.length;
  return { decideMedianUs, validateMedianUs, ratio: decideMedianUs / validateMedianUs, behavior, rules };
}
