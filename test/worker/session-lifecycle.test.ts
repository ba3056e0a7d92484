import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Interaction,
  limits,
  type SessionView,
  type ToolCallState,
} from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import {
  answer,
  api,
  askingCall,
  auditEvents,
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

const detail = (sid: string) => expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
const toolCall = (sid: string, id: string, wait = 0) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}?wait=${wait}`, { token: t.agent });
const interactionIdOf = (state: ToolCallState) => {
  if (!state.interaction) throw new Error(`no interaction on ${JSON.stringify(state)}`);
  return state.interaction.interactionId;
};

/** Moves the active interaction's expiry into the past, as if its timeout ran out. */
async function expireActive(sid: string) {
  await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
    state.storage.sql.exec(
      "UPDATE interactions SET expires_at = ? WHERE state = 'active'",
      Date.now() - 1000,
    );
  });
}

describe('asks queue behind one active interaction', () => {
  it('makes the first ask active and queues the second', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, askingCall('a'));
    const second = await submit(t, sid, askingCall('b'));
    expect(first).toMatchObject({
      outcome: 'pending',
      decision: { behavior: 'ask' },
      interaction: { state: 'active', queuePosition: 0 },
    });
    expect(Date.parse(first.interaction!.expiresAt!)).toBeGreaterThan(Date.now());
    expect(second).toMatchObject({
      outcome: 'pending',
      interaction: { state: 'queued', queuePosition: 1, expiresAt: null },
    });
    const view = await detail(sid);
    expect(view.activeInteraction?.interactionId).toBe(interactionIdOf(first));
    expect(view.activeInteraction).toMatchObject({ tool: 'Bash', toolCallId: 'a', state: 'active' });
    expect(view.queueLength).toBe(1);
  });

  it('refuses an answer to the queued one (409 with its state), takes the active one, then activates the next', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, askingCall('a'));
    const second = await submit(t, sid, askingCall('b'));

    const early = await answer(t, sid, interactionIdOf(second));
    expect(early.status).toBe(409);
    const refusal = (await early.json()) as {
      error: { code: string; details: { interaction: Interaction } };
    };
    expect(refusal.error.code).toBe('conflict');
    expect(refusal.error.details.interaction).toMatchObject({ state: 'queued', queuePosition: 1 });

    const res = await answer(t, sid, interactionIdOf(first));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      interactionId: interactionIdOf(first),
      state: 'resolved',
      resolution: { behavior: 'allow', source: 'user', actionId: 'allow_once', scope: 'once' },
    });
    expect(await toolCall(sid, 'a')).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_once' },
    });

    const next = await toolCall(sid, 'b');
    expect(next).toMatchObject({ outcome: 'pending', interaction: { state: 'active', queuePosition: 0 } });
    expect(next.interaction!.expiresAt).not.toBeNull();
    // Pushed: the log says it activated, and the workspace's inbox shows it.
    const names = (await auditEvents(t, sid)).map((event) => event.name);
    expect(names.slice(-3)).toEqual([
      'tool_permission_resolution',
      'tool_call_attested',
      'interaction_activated',
    ]);
    const inbox = await expectJson<{ sessions: SessionView[] }>(200, '/inbox', { token: t.approver });
    expect(
      inbox.sessions.find((session) => session.sessionId === sid)?.activeInteraction?.interactionId,
    ).toBe(interactionIdOf(second));

    const twice = await answer(t, sid, interactionIdOf(first), 'reject');
    expect(twice.status).toBe(409);
    expect(await toolCall(sid, 'a')).toMatchObject({ outcome: 'allow' });
  });

  it('answers 404 for an interaction the session never had', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    const res = await answer(t, sid, 'int_nope');
    expect(res.status).toBe(404);
  });

  it('denies with the comment, redacted', async () => {
    const sid = uid('s');
    const state = await submit(t, sid, askingCall('a'));
    const secret = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
    const res = await answer(t, sid, interactionIdOf(state), 'reject', {
      comment: `use the staging key ${secret}`,
    });
    expect(res.status).toBe(200);
    const resolved = (await res.json()) as Interaction;
    expect(resolved.resolution).toMatchObject({ behavior: 'deny', actionId: 'deny', source: 'user' });
    expect(resolved.resolution?.comment).toContain('use the staging key');
    expect(resolved.resolution?.comment).not.toContain(secret);
    expect(JSON.stringify(await auditEvents(t, sid))).not.toContain(secret);
    expect(await toolCall(sid, 'a')).toMatchObject({ outcome: 'deny' });
  });
});

describe('expiry', () => {
  it('denies a waiting agent at once, answers 410 to a late approver, and activates the next', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, askingCall('a'));
    await submit(t, sid, askingCall('b'));
    const waiting = toolCall(sid, 'a', 30);
    await expireActive(sid);
    expect(await runDurableObjectAlarm(sessionStub(t.workspaceId, sid))).toBe(true);

    const waited = await waiting;
    expect(waited).toMatchObject({
      outcome: 'deny',
      resolution: { behavior: 'deny', source: 'timeout', actionId: 'expired' },
    });
    const late = await answer(t, sid, interactionIdOf(first));
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('expired');
    expect(await toolCall(sid, 'b')).toMatchObject({ interaction: { state: 'active' } });
  });

  it('expires on the clock even before the alarm runs', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, askingCall('a'));
    await expireActive(sid);
    const late = await answer(t, sid, interactionIdOf(first));
    expect(late.status).toBe(410);
    expect(await toolCall(sid, 'a')).toMatchObject({ outcome: 'deny', resolution: { source: 'timeout' } });
  });

  it('keeps one alarm, at the active interaction’s expiry', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, askingCall('a'));
    const alarm = await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBe(Date.parse(first.interaction!.expiresAt!));
  });
});

describe('idempotency', () => {
  it('returns the same state for the same tool_call_id, never a second interaction', async () => {
    const sid = uid('s');
    const once = await submit(t, sid, askingCall('x'));
    const again = await submit(t, sid, askingCall('x'));
    expect(again).toEqual(once);
    const requests = (await auditEvents(t, sid)).filter((event) => event.name === 'tool_approval_request');
    expect(requests).toHaveLength(1);
    expect((await detail(sid)).queueLength).toBe(0);
  });

  it('refuses the same id with another input or tool (409)', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('x', 'npm install a'));
    const otherInput = await api(`/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: askingCall('x', 'npm install b'),
    });
    expect(otherInput.status).toBe(409);
    const otherTool = await api(`/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: { tool_call_id: 'x', tool: 'Write', input: { command: 'npm install a' } },
    });
    expect(otherTool.status).toBe(409);
    expect((await auditEvents(t, sid)).filter((event) => event.name === 'TOOL_CALL_START')).toHaveLength(1);
  });

  it('answers concurrent duplicates with one interaction', async () => {
    const sid = uid('s');
    const states = await Promise.all(Array.from({ length: 10 }, () => submit(t, sid, askingCall('dup'))));
    expect(new Set(states.map(interactionIdOf)).size).toBe(1);
    expect(
      (await auditEvents(t, sid)).filter((event) => event.name === 'tool_approval_request'),
    ).toHaveLength(1);
  });
});

describe('grants', () => {
  it('lets an identical call through after "approve for session", and a later deny rule beats that grant', async () => {
    const sid = uid('s');
    const call = (id: string) => ({
      tool_call_id: id,
      tool: 'Bash',
      input: { command: 'git push origin feature' },
    });
    const asked = await submit(t, sid, call('p1'));
    expect((await answer(t, sid, interactionIdOf(asked), 'approve', { scope: 'session' })).status).toBe(200);
    expect(await toolCall(sid, 'p1')).toMatchObject({
      outcome: 'allow',
      resolution: { actionId: 'allow_session' },
    });

    expect(await submit(t, sid, call('p2'))).toMatchObject({
      outcome: 'allow',
      decision: { behavior: 'allow' },
    });
    // Another input is not covered by the grant.
    expect(await submit(t, sid, { ...call('p3'), input: { command: 'git push origin main' } })).toMatchObject(
      {
        outcome: 'pending',
      },
    );

    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    expect(await submit(t, sid, call('p4'))).toMatchObject({
      outcome: 'deny',
      decision: { behavior: 'deny', matchedRule: 'Bash(git push:*)' },
    });
  });

  it('a workspace deny rule added after a session grant beats it too', async () => {
    const t2 = await team();
    const sid = uid('s');
    const call = (id: string) => ({ tool_call_id: id, tool: 'Bash', input: { command: 'npm publish' } });
    const asked = await submit(t2, sid, call('q1'));
    expect((await answer(t2, sid, interactionIdOf(asked), 'approve', { scope: 'session' })).status).toBe(200);
    expect(await submit(t2, sid, call('q2'))).toMatchObject({ outcome: 'allow' });
    await expectJson(200, '/permissions', {
      method: 'PUT',
      token: t2.admin,
      body: { permissions: { deny: ['Bash(npm publish:*)'] } },
    });
    expect(await submit(t2, sid, call('q3'))).toMatchObject({ outcome: 'deny' });
  });

  it('"always allow" covers other sessions of the workspace and no other workspace', async () => {
    const other = await team();
    const call = (id: string) => ({ tool_call_id: id, tool: 'Bash', input: { command: 'make deploy-docs' } });
    const s1 = uid('s');
    const asked = await submit(t, s1, call('g1'));
    const res = await answer(t, s1, interactionIdOf(asked), 'approve', { scope: 'global' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ resolution: { actionId: 'allow_always', scope: 'global' } });

    expect(await submit(t, uid('s'), call('g2'))).toMatchObject({
      outcome: 'allow',
      decision: { behavior: 'allow' },
    });
    expect(await submit(other, uid('s'), call('g3'))).toMatchObject({ outcome: 'pending' });
    // Not a session grant of s1 alone: a new call in s1 is allowed by the workspace grant as well.
    expect(await submit(t, s1, call('g4'))).toMatchObject({ outcome: 'allow' });
  });
});

describe('bounds and cancellation', () => {
  it(`refuses an ask beyond ${limits.queueLength} queued (429) and stores nothing`, async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('active'));
    for (let i = 0; i < limits.queueLength; i++) await submit(t, sid, askingCall(`q${i}`));
    const before = await auditEvents(t, sid);
    const over = await api(`/sessions/${sid}/tool-calls`, { token: t.agent, body: askingCall('over') });
    expect(over.status).toBe(429);
    expect(await auditEvents(t, sid)).toEqual(before);
    expect((await api(`/sessions/${sid}/tool-calls/over`, { token: t.agent })).status).toBe(404);
    // A call that needs no human still goes through.
    expect(
      await submit(t, sid, { tool_call_id: 'read', tool: 'Read', input: { file_path: 'a.txt' } }),
    ).toMatchObject({
      outcome: 'allow',
    });
  });

  it('cancels a queued one out of the queue and the active one with the next activating', async () => {
    const sid = uid('s');
    const a = await submit(t, sid, askingCall('a'));
    const b = await submit(t, sid, askingCall('b'));
    const c = await submit(t, sid, askingCall('c'));

    const canceledB = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/b`, {
      method: 'DELETE',
      token: t.agent,
    });
    expect(canceledB).toMatchObject({
      outcome: 'deny',
      interaction: { state: 'resolved' },
      resolution: { source: 'cancel', actionId: 'canceled', behavior: 'deny' },
    });
    expect(await detail(sid)).toMatchObject({ queueLength: 1 });
    expect(await toolCall(sid, 'c')).toMatchObject({ interaction: { state: 'queued', queuePosition: 1 } });

    await expectJson(200, `/sessions/${sid}/tool-calls/a`, { method: 'DELETE', token: t.agent });
    const view = await detail(sid);
    expect(view.activeInteraction?.interactionId).toBe(interactionIdOf(c));
    expect(view.queueLength).toBe(0);

    expect((await api(`/sessions/${sid}/tool-calls/a`, { method: 'DELETE', token: t.agent })).status).toBe(
      409,
    );
    expect((await api(`/sessions/${sid}/tool-calls/zzz`, { method: 'DELETE', token: t.agent })).status).toBe(
      404,
    );
    expect((await answer(t, sid, interactionIdOf(a))).status).toBe(409);
    expect((await answer(t, sid, interactionIdOf(b))).status).toBe(409);
  });
});

describe('results', () => {
  it('records a result of an allowed call once, and refuses one for a pending or denied call', async () => {
    const sid = uid('s');
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'a.txt' } });
    const path = (id: string) => `/sessions/${sid}/tool-calls/${id}/result`;
    await expectJson(200, path('r'), { token: t.agent, body: { status: 'ok', output: 'contents' } });
    expect((await api(path('r'), { token: t.agent, body: { status: 'ok' } })).status).toBe(409);
    await submit(t, sid, askingCall('p'));
    expect((await api(path('p'), { token: t.agent, body: { status: 'ok' } })).status).toBe(409);
    expect((await api(path('none'), { token: t.agent, body: { status: 'ok' } })).status).toBe(404);
    const last = (await auditEvents(t, sid)).find((event) => event.name === 'TOOL_CALL_RESULT');
    expect(last?.value).toEqual({ toolCallId: 'r', status: 'ok', output: 'contents' });
  });
});

describe('unknown sessions', () => {
  it.each([
    ['GET', '/sessions/ghost'],
    ['GET', '/sessions/ghost/audit'],
    ['GET', '/sessions/ghost/events'],
    ['GET', '/sessions/ghost/tool-calls/x'],
    ['DELETE', '/sessions/ghost/tool-calls/x'],
  ])('%s %s → 404', async (method, path) => {
    const res = await api(path, { method, token: t.admin });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('PUT creates the session', async () => {
    const sid = uid('fresh');
    const view = await expectJson<SessionView>(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { title: 'Refactor', agent: 'claude-code' },
    });
    expect(view).toMatchObject({ sessionId: sid, title: 'Refactor', agent: 'claude-code', mode: 'default' });
    expect(await detail(sid)).toMatchObject({ sessionId: sid, activeInteraction: null, queueLength: 0 });
  });
});
