import { abortAllDurableObjects, evictDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../shared/contract/index.ts';
import {
  answer,
  api,
  askingCall,
  expectJson,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

const poll = (sid: string, id: string, wait: number) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}?wait=${wait}`, { token: t.agent });

/** Waits until the session has stored `id` (the agent's request with `wait` is still open). */
async function stored(sid: string, id: string): Promise<ToolCallState> {
  for (let i = 0; i < 100; i++) {
    const res = await api(`/sessions/${sid}/tool-calls/${id}`, { token: t.agent });
    if (res.status === 200) return res.json();
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${id} never stored`);
}

describe('waiting for a human', () => {
  it('holds POST … wait until the answer, and answers with it', async () => {
    const sid = uid('s');
    const waiting = expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: { ...askingCall('w'), wait: 60 },
    });
    const pending = await stored(sid, 'w');
    expect(pending.outcome).toBe('pending');
    expect((await answer(t, sid, pending.interaction!.interactionId)).status).toBe(200);
    const state = await waiting;
    expect(state).toMatchObject({ outcome: 'allow', resolution: { actionId: 'allow_once' } });
  });

  it('holds GET ?wait=N the same way, and a rejection arrives as deny', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('g'));
    const waiting = poll(sid, 'g', 60);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await answer(t, sid, asked.interaction!.interactionId, 'reject', { comment: 'not now' });
    expect(await waiting).toMatchObject({ outcome: 'deny', resolution: { comment: 'not now' } });
  });

  it('answers pending with the interaction when the wait runs out', async () => {
    const sid = uid('s');
    const started = Date.now();
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: { ...askingCall('slow'), wait: 1 },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(state).toMatchObject({ outcome: 'pending', interaction: { state: 'active', queuePosition: 0 } });
  });

  it('does not wait for a call that is already decided', async () => {
    const sid = uid('s');
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: { tool_call_id: 'r', tool: 'Read', input: { file_path: 'x' }, wait: 60 },
    });
    expect(state.outcome).toBe('allow');
  });

  it.each(['-1', '301', 'soon', '1e9'])('refuses ?wait=%s (400)', async (wait) => {
    const sid = uid('s');
    await submit(t, sid, askingCall('x'));
    expect((await api(`/sessions/${sid}/tool-calls/x?wait=${wait}`, { token: t.agent })).status).toBe(400);
  });

  it('after the session object restarts, a long poll resumes and gets the answer', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('r'));
    await evictDurableObject(sessionStub(t.workspaceId, sid));
    const waiting = poll(sid, 'r', 60);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await answer(t, sid, asked.interaction!.interactionId)).status).toBe(200);
    expect(await waiting).toMatchObject({ outcome: 'allow' });
  });

  it('a long poll cut by a reset of the object answers the stored state; the next poll gets the answer', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('cut'));
    const waiting = poll(sid, 'cut', 60);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await abortAllDurableObjects();
    expect(await waiting).toMatchObject({ outcome: 'pending', interaction: { state: 'active' } });
    const again = poll(sid, 'cut', 60);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await answer(t, sid, asked.interaction!.interactionId)).status).toBe(200);
    expect(await again).toMatchObject({ outcome: 'allow' });
  });
});
