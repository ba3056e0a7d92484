import { existsSync } from 'node:fs';
// `npm run bench`: the speed targets, measured and printed as figures (never asserted in tests).
import { printApproverFigures } from '../test/bench/approver.ts';
import { benchSigning } from '../test/bench/attestation.ts';
import { benchEngine, engineTargets } from '../test/bench/engine.ts';
import { benchEngineBundled } from '../test/bench/engine-bundled.ts';
import { benchHookOnLocalRelay } from '../test/bench/hook.ts';
import { benchHostile } from '../test/bench/hostile.ts';
import { benchPush } from '../test/bench/push.ts';
import { benchRelay } from '../test/bench/relay.ts';

const fmt = (n: number) => n.toFixed(2);
const meets = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');

/** `npm run bench -- --engine`: the engine's figures only, without the (slow) relay runs. */
const engineOnly = process.argv.includes('--engine');
/** `npm run bench -- --hook`: the packed command hook beside `node -e 0`, and nothing else. */
const hookOnly = process.argv.includes('--hook');

// What a Claude Code user feels per tool call: the command hook's wall time, process start to
// exit, on the allow path against a local relay — beside curl posting the same hook JSON.
async function printHookFigures() {
  const hook = await benchHookOnLocalRelay();
  console.log('Command hook (`gatehouse hook`, packed and installed, allow path, local relay)');
  for (const [label, figures] of [
    ['system Node', hook.systemNode],
    ['Node from node_modules', hook.cloneNode],
    ['curl, the same JSON to /hooks/claude/pre-tool-use', hook.curl],
  ] as const) {
    console.log(
      `  ${label}: median ${fmt(figures.medianMs)} ms (target ≤ 150 ms for the hook), p99 ${fmt(figures.p99Ms)} ms`,
    );
  }
  console.log(
    `  beside \`node -e 0\` on the system Node (median ${fmt(hook.bareNode.medianMs)} ms): the hook takes ${fmt(hook.systemNode.medianMs / hook.bareNode.medianMs)}× (target ≤ 1.5×)`,
  );
  if (hook.cpu)
    console.log(
      `  CPU per process (user + system, median of ${hook.cpu.runs}): the hook ${fmt(hook.cpu.hookMs)} ms, \`node -e 0\` ${fmt(hook.cpu.bareNodeMs)} ms (${fmt(hook.cpu.hookMs / hook.cpu.bareNodeMs)}×; steadier than wall time on a busy machine)`,
    );
}

if (hookOnly) {
  await printHookFigures();
  process.exit(0);
}

const fromSource = await benchEngine();
// The same, bundled as wrangler deploys the Worker.
const bundled = await benchEngineBundled();
const { medianUs, p99Us } = engineTargets;
console.log(`Decision engine: decide, ${fromSource.rules}-rule plan, compound Bash (${fromSource.behavior})`);
for (const [label, figures] of [
  ['from source', fromSource],
  ['bundled (esbuild, as deployed)', bundled],
] as const) {
  console.log(
    `  ${label}: median ${fmt(figures.decideMedianUs)} µs (target ≤ ${medianUs} µs, ${meets(figures.decideMedianUs, medianUs)}), p99 ${fmt(figures.decideP99Us)} µs (target ≤ ${p99Us} µs, ${meets(figures.decideP99Us, p99Us)})`,
  );
  console.log(
    `    the quietest of ${figures.rounds.length} rounds; each round's median / p99: ${figures.rounds.map((round) => `${fmt(round.medianUs)} / ${fmt(round.p99Us)}`).join(', ')} µs`,
  );
}
console.log('Hostile commands (work bounded by limits.examinedCommands / examinedWords)');
for (const figure of benchHostile()) {
  console.log(
    `  decide on ${figure.label} (${figure.chars} chars, ${figure.behavior}): ${fmt(figure.medianMs)} ms median`,
  );
}
if (engineOnly) process.exit(0);

// The relay through `wrangler dev` (what `npm start` runs: a hot-reload proxy sits in front), and
// the same bundle straight on workerd (what a deployed relay is, minus the network).
const runs: [string, string | undefined, 'wrangler dev' | 'workerd'][] = [
  ['wrangler dev, state on disk', undefined, 'wrangler dev'],
  ['workerd without the dev proxy, state on disk', undefined, 'workerd'],
];
if (existsSync('/dev/shm'))
  runs.push(['workerd without the dev proxy, state on a RAM file system', '/dev/shm', 'workerd']);
for (const [label, stateDir, runtime] of runs) {
  const relay = await benchRelay(stateDir, runtime);
  console.log(`Relay (${label})`);
  console.log(
    `  allow path: ${relay.allowPerSecond.toFixed(0)} decisions/s over ${relay.sessions} sessions (${relay.requests} requests)`,
  );
  console.log(`  bare Hono route: ${relay.bareRoutePerSecond.toFixed(0)} requests/s`);
  console.log(`  bare route / allow path: ${fmt(relay.ratio)}× (target ≤ 2×)`);
  if (relay.allowCpuMs !== undefined && relay.bareRouteCpuMs !== undefined) {
    // Steadier than requests per second on a busy machine: what each request costs the runtime.
    console.log(
      `  runtime CPU per request: allow path ${fmt(relay.allowCpuMs)} ms, bare route ${fmt(relay.bareRouteCpuMs)} ms (${fmt(relay.allowCpuMs / relay.bareRouteCpuMs)}×)`,
    );
    // What the engine costs of an allowed call: decide's median (bundled, as deployed) over the
    // runtime's CPU for one allow-path request.
    const share = bundled.decideMedianUs / 1000 / relay.allowCpuMs;
    console.log(
      `  decide's share of the allow path's runtime CPU: ${(share * 100).toFixed(2)} % (expected ≤ 2 %)`,
    );
    // Claude Code's pre-tool-use hook is one session RPC, as POST /tool-calls is.
    if (relay.hookAllowCpuMs !== undefined)
      console.log(
        `  pre-tool-use hook allow: ${relay.hookAllowPerSecond.toFixed(0)} decisions/s, runtime CPU ${fmt(relay.hookAllowCpuMs)} ms vs POST /tool-calls ${fmt(relay.allowCpuMs)} ms (${fmt(relay.hookAllowCpuMs / relay.allowCpuMs)}×, target ≤ 1.2×)`,
      );
  }
  console.log(
    `  ask round trip (agent POST → inbox push → answer → agent unblocked), ${relay.roundTrips} runs: p50 ${fmt(relay.askRoundTripP50Ms)} ms (target ≤ 15 ms), p99 ${fmt(relay.askRoundTripP99Ms)} ms; push p50 ${fmt(relay.pushP50Ms)} ms`,
  );
  console.log(
    `  one bare request at a time (GET /healthz): p50 ${fmt(relay.bareRequestP50Ms)} ms — the round trip makes three HTTP exchanges and one push`,
  );
}

// Attestations (docs/attestation.md): every allow is signed with Ed25519 before it is stored.
const signing = await benchSigning(existsSync('/dev/shm') ? '/dev/shm' : undefined);
if (signing) {
  console.log('Attestations (workerd without the dev proxy, allow path, runtime CPU per request)');
  console.log(
    `  with signing ${fmt(signing.signedCpuMs)} ms, without ${fmt(signing.unsignedCpuMs)} ms (${fmt(signing.signedCpuMs / signing.unsignedCpuMs)}×, expected ≤ 1.2×); rounds (with / without): ${signing.rounds.map((round) => `${fmt(round.signed)} / ${fmt(round.unsigned)}`).join(', ')} ms`,
  );
}

await printApproverFigures();

await printHookFigures();

// A phone in a pocket: ask committed → the push POST received by a local push service.
const push = await benchPush();
console.log(`Web Push (workerd, ${push.runs} asks)`);
console.log(
  `  ask → push received: p50 ${fmt(push.p50Ms)} ms (target ≤ 50 ms), p99 ${fmt(push.p99Ms)} ms; the agent's own ask round trip p50 ${fmt(push.askP50Ms)} ms`,
);
