import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView, ToolCallState } from '../../shared/contract/index.ts';
import type { SessionRpc } from '../../worker/rpc.ts';
import { orphanGraceMs } from '../../worker/session/orphans.ts';
import preToolUseBash from '../fixtures/claude/pre-tool-use-bash.json' with { type: 'json' };
import {
  answer,
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

/** A request the test can abandon: its response (once headers arrive) and the abort. */
function openRequest(path: string, token: string, body?: unknown) {
  const controller = new AbortController();
  const response = exports.default.fetch(`http://relay/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: controller.signal,
  });
  return {
    response,
    /** The client goes away: reading stops and the connection closes. */
    abandon: async () => {
      controller.abort();
      await response.then((res) => res.body?.cancel()).catch(() => {});
    },
  };
}

const preToolUse = (sessionId: string, toolUseId: string, command: string) => ({
  ...structuredClone(preToolUseBash),
  session_id: sessionId,
  tool_use_id: toolUseId,
  tool_input: { command },
});

const detail = (sid: string) => expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
const toolCall = (sid: string, id: string) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}`, { token: t.agent });

/** Polls until `check` holds (a state the relay reaches by itself), or fails after `ms`. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 4000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('no orphaned questions', () => {
  it('withdraws a hook question when Claude Code gives up on the hook, and the next queued one activates', {
    timeout: 20_000,
  }, async () => {
    const sid = uid('orphan-hook');
    const first = openRequest(
      '/hooks/claude/pre-tool-use?wait=300',
      t.agent,
      preToolUse(sid, 'toolu_first', 'npm install left-pad'),
    );
    const active = await eventually(
      () => detail(sid).catch(() => null),
      (view) => view?.activeInteraction?.toolCallId === 'toolu_first',
    );
    expect(active?.activeInteraction?.toolCallId).toBe('toolu_first');
    const second = openRequest(
      '/hooks/claude/pre-tool-use?wait=300',
      t.agent,
      preToolUse(sid, 'toolu_second', 'npm install right-pad'),
    );
    await eventually(
      () => detail(sid),
      (view) => view.queueLength === 1,
    );

    // Claude Code gives up after its hook timeout; by then the answer streams heartbeats.
    await sleep(700);
    await first.abandon();
    const after = await eventually(
      () => detail(sid),
      (view) => view.activeInteraction?.toolCallId === 'toolu_second',
    );
    expect(after.activeInteraction?.toolCallId).toBe('toolu_second');
    expect(after.queueLength).toBe(0);
    const withdrawn = await toolCall(sid, 'toolu_first');
    expect(withdrawn.outcome).toBe('deny');
    expect(withdrawn.resolution).toMatchObject({ source: 'cancel', actionId: 'canceled' });

    // The second hook still waits, and gets the approver's answer (after its heartbeats).
    expect((await answer(t, sid, after.activeInteraction!.interactionId)).status).toBe(200);
    const res = await second.response;
    expect(res.headers.get('content-encoding')).toBe('identity');
    const text = await res.text();
    expect(text.startsWith(' ')).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  });

  it('keeps a question whose client waits on it again within the grace, and withdraws it after the grace when nobody does', {
    timeout: 20_000,
  }, async () => {
    const sid = uid('orphan-grace');
    const caller = {
      workspaceId: t.workspaceId,
      sessionId: sid,
      policyVersion: 0,
      actor: 'approver' as const,
    };
    const session = sessionStub(t.workspaceId, sid) as unknown as SessionRpc;

    const kept = uid('kept');
    expect((await submit(t, sid, askingCall(kept))).outcome).toBe('pending');
    expect((await session.clientLeft(caller, kept, 'gone')).ok).toBe(true);
    // The re-poll, right after the leave (same stub, so delivered after it).
    const repoll = session.getToolCall(caller, kept, 30, 'back');
    await sleep(orphanGraceMs + 500);
    const view = await detail(sid);
    expect(view.activeInteraction?.toolCallId).toBe(kept);
    expect((await answer(t, sid, view.activeInteraction!.interactionId)).status).toBe(200);
    expect(await repoll).toMatchObject({ ok: true, value: { outcome: 'allow' } });

    const orphan = uid('orphan');
    expect((await submit(t, sid, askingCall(orphan))).outcome).toBe('pending');
    expect((await session.clientLeft(caller, orphan, 'gone')).ok).toBe(true);
    // Not at once: the grace first.
    expect((await toolCall(sid, orphan)).outcome).toBe('pending');
    const state = await eventually(
      () => toolCall(sid, orphan),
      (s) => s.outcome !== 'pending',
    );
    expect(state.resolution).toMatchObject({ source: 'cancel' });
  });

  it('withdraws a long-poll question whose client went away', { timeout: 20_000 }, async () => {
    const sid = uid('orphan-poll');
    const orphan = uid('orphan');
    expect((await submit(t, sid, askingCall(orphan))).outcome).toBe('pending');
    const lone = openRequest(`/sessions/${sid}/tool-calls/${orphan}?wait=60`, t.agent);
    await sleep(700);
    await lone.abandon();
    const state = await eventually(
      () => toolCall(sid, orphan),
      (s) => s.outcome !== 'pending',
    );
    expect(state.resolution).toMatchObject({ source: 'cancel' });
  });

  it('a POST /tool-calls with wait that is abandoned withdraws its question too', async () => {
    const sid = uid('orphan-submit');
    const id = uid('call');
    const held = openRequest(`/sessions/${sid}/tool-calls`, t.agent, { ...askingCall(id), wait: 60 });
    await eventually(
      () => detail(sid).catch(() => null),
      (view) => view?.activeInteraction?.toolCallId === id,
    );
    await sleep(700);
    await held.abandon();
    const state = await eventually(
      () => toolCall(sid, id),
      (s) => s.outcome !== 'pending',
    );
    expect(state.resolution).toMatchObject({ source: 'cancel' });
  });
});

describe('SessionEnd', () => {
  it('withdraws every open question of the session, the queued ones included', async () => {
    const sid = uid('ended');
    const [a, b, c] = [uid('a'), uid('b'), uid('c')];
    for (const id of [a, b, c]) expect((await submit(t, sid, askingCall(id))).outcome).toBe('pending');
    const ended = await expectJson(200, '/hooks/claude/session-end', {
      token: t.agent,
      body: { session_id: sid, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
    });
    expect(ended).toEqual({});
    for (const id of [a, b, c]) {
      expect((await toolCall(sid, id)).resolution).toMatchObject({ source: 'cancel' });
    }
    const view = await detail(sid);
    expect(view.activeInteraction).toBeNull();
    expect(view.queueLength).toBe(0);
  });

  it("withdraws nothing of another agent token's session", async () => {
    const sid = uid('not-yours');
    const id = uid('call');
    expect((await submit(t, sid, askingCall(id))).outcome).toBe('pending');
    const other = await team();
    const otherAgent = await expectJson<{ token: string }>(201, '/tokens', {
      token: other.admin,
      body: { role: 'agent' },
    });
    // Another workspace's agent, and another agent of this workspace: neither ends the session.
    await expectJson(200, '/hooks/claude/session-end', {
      token: otherAgent.token,
      body: { session_id: sid, hook_event_name: 'SessionEnd' },
    });
    const sibling = await expectJson<{ token: string }>(201, '/tokens', {
      token: t.admin,
      body: { role: 'agent' },
    });
    await expectJson(200, '/hooks/claude/session-end', {
      token: sibling.token,
      body: { session_id: sid, hook_event_name: 'SessionEnd' },
    });
    expect((await toolCall(sid, id)).outcome).toBe('pending');
  });
});
