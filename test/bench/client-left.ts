// How soon a question is withdrawn after its hook's client goes away, on a
// real runtime: `node test/bench/client-left.ts workerd` (the bundle on bare workerd) or
// `… wrangler` (under wrangler dev's proxy). Measured 2026-12-01 with a 0.25 s heartbeat:
// 1.3 s on workerd, 1.7–1.8 s under wrangler dev (0.5 s heartbeat: 1.6 s and 2.3–2.4 s); the
// request's abort signal alone noticed nothing on either (no `enable_request_signal` flag).
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startDirectRelay } from '../support/direct-relay.ts';
import { root, startLocalRelay } from '../support/local-relay.ts';

const adminToken = 'probe-admin-token-0123456789abcdef';
const runtime = process.argv[2];
const persist = await mkdtemp(join(root, 'test/.tmp/probe-'));
const worker =
  runtime === 'workerd'
    ? await startDirectRelay({ adminToken, persist })
    : await startLocalRelay({ adminToken, persist, quiet: true });
try {
  const base = worker.url;
  const post = (path: string, token: string, body: unknown, signal?: AbortSignal) =>
    fetch(new URL(`/api/v1${path}`, base), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  const agent = ((await (await post('/tokens', adminToken, { role: 'agent' })).json()) as { token: string })
    .token;
  const controller = new AbortController();
  const held = post(
    '/hooks/claude/pre-tool-use?wait=300',
    agent,
    {
      session_id: 'probe',
      hook_event_name: 'PreToolUse',
      cwd: '/w/probe',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'npm install left-pad' },
      tool_use_id: 'toolu_probe',
    },
    controller.signal,
  ).catch(() => null);
  await new Promise((r) => setTimeout(r, 1500));
  controller.abort();
  await held;
  const left = performance.now();
  let outcome = 'pending';
  while (performance.now() - left < 6000 && outcome === 'pending') {
    const res = await fetch(new URL('/api/v1/sessions/probe/tool-calls/toolu_probe', base), {
      headers: { authorization: `Bearer ${agent}` },
    });
    outcome = ((await res.json()) as { outcome: string }).outcome;
    if (outcome === 'pending') await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    JSON.stringify({
      runtime,
      mechanism: process.env.PROBE ?? 'both',
      outcome,
      msAfterAbort: Math.round(performance.now() - left),
    }),
  );
} finally {
  await worker.dispose();
  await rm(persist, { recursive: true, force: true });
}
