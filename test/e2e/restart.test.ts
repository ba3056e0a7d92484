import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedToken, SessionEvent, SessionView, ToolCallState } from '../../shared/contract/index.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// A restart of the relay loses nothing (DESIGN §6): pending interactions, the queue, grants and
// the log live in Durable Object storage. The real Worker runs under wrangler with state
// persisted to a folder; it is stopped and started again on the same folder.

const adminToken = 'e2e-admin-token-0123456789abcdef';
let persist: string;
let relay: LocalRelay | null = null;

const startRelay = () => startLocalRelay({ adminToken, persist });

async function call<T>(
  status: number,
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
) {
  if (!relay) throw new Error('relay not running');
  const res = await fetch(new URL(`/api/v1${path}`, relay.url), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${path}: expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/restart-'));
  relay = await startRelay();
});

afterAll(async () => {
  await relay?.dispose();
  await rm(persist, { recursive: true, force: true });
});

describe('a restart of the relay', () => {
  it('keeps the active interaction, the queue, grants and the log; a long poll after it gets the answer', async () => {
    const { token: agent } = await call<IssuedToken>(201, '/tokens', adminToken, { body: { role: 'agent' } });
    const { token: approver } = await call<IssuedToken>(201, '/tokens', adminToken, {
      body: { role: 'approver' },
    });
    const sid = 'restart-session';
    const bash = (id: string, command: string) => ({ tool_call_id: id, tool: 'Bash', input: { command } });
    const submit = (body: object) => call<ToolCallState>(200, `/sessions/${sid}/tool-calls`, agent, { body });

    await call(200, `/sessions/${sid}`, agent, { method: 'PUT', body: { title: 'before the restart' } });
    const granted = await submit(bash('g1', 'make lint'));
    await call(200, `/sessions/${sid}/interaction-respond`, approver, {
      body: {
        interaction_id: granted.interaction!.interactionId,
        answer: { decision: 'approve', scope: 'session' },
      },
    });
    const active = await submit(bash('a1', 'npm install leftpad'));
    const queued = await submit(bash('q1', 'npm install rightpad'));
    expect(active.interaction?.state).toBe('active');
    expect(queued.interaction?.state).toBe('queued');
    const { events: before } = await call<{ events: SessionEvent[] }>(
      200,
      `/sessions/${sid}/audit`,
      approver,
    );

    await relay!.dispose();
    relay = null;
    relay = await startRelay();

    const view = await call<SessionView>(200, `/sessions/${sid}`, approver);
    expect(view).toMatchObject({ title: 'before the restart', queueLength: 1 });
    expect(view.activeInteraction?.interactionId).toBe(active.interaction!.interactionId);
    expect(await call(200, `/sessions/${sid}/audit`, approver)).toEqual({ events: before, next: null });
    expect(await call(200, `/sessions/${sid}/tool-calls/q1`, agent)).toMatchObject({
      interaction: { state: 'queued', queuePosition: 1 },
    });
    // The session grant survived: the same call is allowed without asking.
    expect(await submit(bash('g2', 'make lint'))).toMatchObject({ outcome: 'allow' });

    const waiting = call<ToolCallState>(200, `/sessions/${sid}/tool-calls/a1?wait=60`, agent);
    await new Promise((done) => setTimeout(done, 200));
    await call(200, `/sessions/${sid}/interaction-respond`, approver, {
      body: { interaction_id: active.interaction!.interactionId, answer: { decision: 'approve' } },
    });
    expect(await waiting).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
    expect(await call(200, `/sessions/${sid}/tool-calls/q1`, agent)).toMatchObject({
      interaction: { state: 'active' },
    });
  });
});
