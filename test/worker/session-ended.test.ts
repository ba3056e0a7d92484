import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/index.ts';
import { api, askingCall, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// docs/approver-ui.md "Sessions": a session whose agent said it ended (Claude Code's SessionEnd)
// carries `endedAt` in its views, so the lists put it away; nothing more is granted to it; a
// call after the end (a resumed session keeps its id) makes it a running session again.

let t: Team;
beforeAll(async () => {
  t = await team();
});

const declare = (sid: string, body: object) =>
  expectJson<SessionView>(200, `/sessions/${sid}`, { method: 'PUT', token: t.agent, body });
const end = (sid: string, token = t.agent) =>
  expectJson(200, '/hooks/claude/session-end', {
    token,
    body: { session_id: sid, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
  });
const detail = (sid: string) => expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
const listed = async (sid: string) => {
  const { sessions } = await expectJson<{ sessions: SessionView[] }>(200, '/sessions', { token: t.approver });
  return sessions.find((session) => session.sessionId === sid);
};

describe('an ended session', () => {
  it('says when it ended, in its detail, the session list and the inbox', async () => {
    const sid = uid('ended');
    expect((await submit(t, sid, askingCall(uid('c')))).outcome).toBe('pending');
    expect((await detail(sid)).endedAt).toBeNull();
    const before = Date.now();
    await end(sid);
    const view = await detail(sid);
    expect(view.endedAt).toEqual(expect.any(String));
    expect(Date.parse(view.endedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await listed(sid))?.endedAt).toBe(view.endedAt);
    // A second SessionEnd keeps the first end.
    await end(sid);
    expect((await detail(sid)).endedAt).toBe(view.endedAt);
  });

  it('refuses a grant of what its agent asked for with a 409 naming the end, and changes nothing', async () => {
    const sid = uid('ended-grant');
    const declared = await declare(sid, { mode: 'bypass' });
    expect(declared.requested?.label).toContain('not applied');
    await end(sid);
    const res = await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: t.approver });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining('has ended') },
    });
    const after = await detail(sid);
    expect(after.engineMode).toBe('default');
    expect(after.requested).toEqual(declared.requested);
    // The agent's token is still refused as before (403 comes first).
    expect((await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: t.agent })).status).toBe(
      403,
    );
  });

  it('a running session with the same request is granted (the refusal is the end, not the request)', async () => {
    const sid = uid('running-grant');
    await declare(sid, { mode: 'bypass' });
    const res = await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: t.approver });
    expect(res.status).toBe(200);
  });

  it('runs again once its agent calls again (a resumed session), and can be granted then', async () => {
    const sid = uid('resumed');
    await declare(sid, { mode: 'bypass' });
    await end(sid);
    expect((await detail(sid)).endedAt).not.toBeNull();
    expect((await submit(t, sid, askingCall(uid('c')))).outcome).toBe('pending');
    expect((await detail(sid)).endedAt).toBeNull();
    expect((await listed(sid))?.endedAt).toBeNull();
    const res = await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: t.approver });
    expect(res.status).toBe(200);
  });

  it("another agent token's SessionEnd ends nothing", async () => {
    const sid = uid('not-yours');
    expect((await submit(t, sid, askingCall(uid('c')))).outcome).toBe('pending');
    const sibling = await expectJson<{ token: string }>(201, '/tokens', {
      token: t.admin,
      body: { role: 'agent' },
    });
    await end(sid, sibling.token);
    expect((await detail(sid)).endedAt).toBeNull();
  });
});
