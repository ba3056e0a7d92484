import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { InboxMessage, IssuedToken, ToolCallState } from '../../shared/contract/index.ts';
import { startDirectRelay } from '../support/direct-relay.ts';
import { root, startLocalRelay } from '../support/local-relay.ts';
import { withRuntimeCpu } from './runtime-cpu.ts';

// The relay's figures, measured against the real Worker under wrangler on this machine: the
// allow path over many sessions beside a bare Hono route, and the ask round trip through a human.

const adminToken = 'bench-admin-token-0123456789abcdef';

export interface RelayFigures {
  allowPerSecond: number;
  bareRoutePerSecond: number;
  ratio: number;
  sessions: number;
  requests: number;
  askRoundTripP50Ms: number;
  askRoundTripP99Ms: number;
  pushP50Ms: number;
  roundTrips: number;
  /** One bare request (GET /healthz) at a time: the runtime's own per-request cost here. */
  bareRequestP50Ms: number;
  /** The local runtime's CPU milliseconds per request (every workerd process), where /proc tells. */
  allowCpuMs?: number;
  bareRouteCpuMs?: number;
  /** The same reads through Claude Code's PreToolUse hook route (one session RPC). */
  hookAllowPerSecond: number;
  hookAllowCpuMs?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function json<T>(res: Response, expected: number): Promise<T> {
  const text = await res.text();
  if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `total` requests with `concurrency` in flight at once; returns requests per second. */
async function throughput(total: number, concurrency: number, send: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await send(next++);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * `stateDir` is where workerd keeps the Durable Objects' SQLite files. Every storage write is
 * held until it is durable, so on a local disk each write waits for an fsync (≈ 10 ms on the
 * machines this was measured on) — a cost of the local simulator's disk, not of the relay: run
 * once on disk and once on a RAM file system (`/dev/shm`) to tell the two apart.
 */
export async function benchRelay(
  stateDir = join(root, 'test/.tmp'),
  runtime: 'wrangler dev' | 'workerd' = 'wrangler dev',
): Promise<RelayFigures> {
  await mkdir(stateDir, { recursive: true });
  const persist = await mkdtemp(join(stateDir, 'gatehouse-bench-'));
  // The benchmark is one client sending thousands of requests a minute on purpose.
  const vars = { GATEHOUSE_RATE_LIMIT_PER_MINUTE: '100000000' };
  const worker =
    runtime === 'workerd'
      ? await startDirectRelay({ adminToken, persist, vars })
      : await startLocalRelay({ adminToken, persist, vars, quiet: true });
  try {
    const base = worker.url;
    const api = (path: string) => new URL(`/api/v1${path}`, base);
    const post = (path: string, token: string, body: unknown) =>
      fetch(api(path), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const issue = async (role: string) =>
      (await json<IssuedToken>(await post('/tokens', adminToken, { role }), 201)).token;
    const agent = await issue('agent');
    const approver = await issue('approver');

    // Allow path: reads (the read fast path) across 50 sessions, one request in flight per session.
    const sessions = 50;
    const requests = 3000;
    const warm = (i: number) =>
      post(`/sessions/bench-${i % sessions}/tool-calls`, agent, readCall(`warm-${i}`));
    for (let i = 0; i < sessions; i++) await json(await warm(i), 200);
    const bare = await withRuntimeCpu(requests, () =>
      throughput(requests, sessions, async () => {
        await json(await fetch(new URL('/healthz', base)), 200);
      }),
    );
    const allow = await withRuntimeCpu(requests, () =>
      throughput(requests, sessions, async (i) => {
        const state = await json<ToolCallState>(
          await post(`/sessions/bench-${i % sessions}/tool-calls`, agent, readCall(`read-${i}`)),
          200,
        );
        if (state.outcome !== 'allow') throw new Error(`expected allow, got ${state.outcome}`);
      }),
    );
    // The same allow, as Claude Code's PreToolUse hook sends it (mode mirrored, title from cwd).
    const hookAllow = await withRuntimeCpu(requests, () =>
      throughput(requests, sessions, async (i) => {
        const answer = await json<{ hookSpecificOutput: { permissionDecision: string } }>(
          await post(
            '/hooks/claude/pre-tool-use',
            agent,
            preToolUseRead(`bench-hook-${i % sessions}`, `toolu_${i}`),
          ),
          200,
        );
        const decision = answer.hookSpecificOutput.permissionDecision;
        if (decision !== 'allow') throw new Error(`expected a hook allow, got ${decision}`);
      }),
    );
    const bareRoutePerSecond = bare.value;
    const allowPerSecond = allow.value;

    const bareLatencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await json(await fetch(new URL('/healthz', base)), 200);
      bareLatencies.push(performance.now() - started);
    }
    bareLatencies.sort((a, b) => a - b);

    // Ask round trip: agent POST (waiting) → inbox push → approver answers → agent unblocked.
    const { ticket } = await json<{ ticket: string }>(await post('/ws-tickets', approver, {}), 201);
    const inboxUrl = api(`/inbox?ticket=${encodeURIComponent(ticket)}`);
    inboxUrl.protocol = inboxUrl.protocol.replace('http', 'ws');
    const socket = new WebSocket(inboxUrl);
    const pushed = new Map<string, (interactionId: string) => void>();
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as InboxMessage;
      if (message.type !== 'session') return;
      const active = message.session.activeInteraction;
      if (active) pushed.get(active.toolCallId)?.(active.interactionId);
    });
    await new Promise((ready, failed) => {
      socket.addEventListener('open', ready, { once: true });
      socket.addEventListener('error', failed, { once: true });
    });
    const roundTrips = 200;
    const totals: number[] = [];
    const pushes: number[] = [];
    for (let i = 0; i < roundTrips + 10; i++) {
      const toolCallId = `ask-${i}`;
      const started = performance.now();
      const interaction = new Promise<string>((resolveId) => pushed.set(toolCallId, resolveId));
      const agentAnswer = post('/sessions/bench-ask/tool-calls', agent, {
        tool_call_id: toolCallId,
        tool: 'Bash',
        input: { command: `npm run build -- --shard ${i}` },
        wait: 30,
      });
      const interactionId = await interaction;
      const pushedAt = performance.now();
      await json(
        await post('/sessions/bench-ask/interaction-respond', approver, {
          interaction_id: interactionId,
          answer: { decision: 'approve' },
        }),
        200,
      );
      const state = await json<ToolCallState>(await agentAnswer, 200);
      if (state.outcome !== 'allow') throw new Error(`expected allow after approval, got ${state.outcome}`);
      if (i >= 10) {
        totals.push(performance.now() - started);
        pushes.push(pushedAt - started);
      }
      pushed.delete(toolCallId);
    }
    socket.close();
    totals.sort((a, b) => a - b);
    pushes.sort((a, b) => a - b);
    return {
      allowPerSecond,
      bareRoutePerSecond,
      ratio: bareRoutePerSecond / allowPerSecond,
      sessions,
      requests,
      askRoundTripP50Ms: percentile(totals, 0.5),
      askRoundTripP99Ms: percentile(totals, 0.99),
      pushP50Ms: percentile(pushes, 0.5),
      roundTrips,
      bareRequestP50Ms: percentile(bareLatencies, 0.5),
      ...(allow.cpuMsPerRequest === undefined ? {} : { allowCpuMs: allow.cpuMsPerRequest }),
      ...(bare.cpuMsPerRequest === undefined ? {} : { bareRouteCpuMs: bare.cpuMsPerRequest }),
      hookAllowPerSecond: hookAllow.value,
      ...(hookAllow.cpuMsPerRequest === undefined ? {} : { hookAllowCpuMs: hookAllow.cpuMsPerRequest }),
    };
  } finally {
    await worker.dispose();
    await rm(persist, { recursive: true, force: true });
  }
}

const readCall = (id: string) => ({
  tool_call_id: id,
  tool: 'Read',
  input: { file_path: 'src/index.ts' },
  cwd: '/w',
});

/** Claude Code's PreToolUse input for the same read (test/fixtures/claude/pre-tool-use-read.json's shape). */
const preToolUseRead = (sessionId: string, toolUseId: string) => ({
  session_id: sessionId,
  transcript_path: `/home/bench/.claude/projects/w/${sessionId}.jsonl`,
  cwd: '/w',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Read',
  tool_input: { file_path: 'src/index.ts' },
  tool_use_id: toolUseId,
});
