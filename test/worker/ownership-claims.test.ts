import { runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView, ToolCallState } from '../../shared/contract/index.ts';
import { ClaudePreToolUseOutput } from '../../shared/contract/index.ts';
import { migrations } from '../../worker/session/schema.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import preToolUseRead from '../fixtures/claude/pre-tool-use-read.json' with { type: 'json' };
import {
  api,
  auditEvents,
  expectJson,
  readingCall,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

/** Who owns a session, how a session without an owner is claimed, and what cannot get round it. */

let t: Team;
beforeAll(async () => {
  t = await team();
});

/** A labelled agent token of `t`'s workspace. */
async function agent(label: string): Promise<{ id: string; token: string }> {
  return expectJson(201, '/tokens', { token: t.admin, body: { role: 'agent', label } });
}

const call = (sid: string, token: string, id = uid('c')) =>
  api(`/sessions/${sid}/tool-calls`, { token, body: readingCall(id) });

const detail = (sid: string) => expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });

const hook = (sid: string, token: string, permissionMode = 'default', query = '') =>
  api(`/hooks/claude/pre-tool-use?wait=0${query}`, {
    token,
    body: {
      ...structuredClone(preToolUseRead),
      session_id: sid,
      permission_mode: permissionMode,
      tool_use_id: `toolu_${uid('h').replace(/-/g, '')}`,
    },
  });

async function statusOf(res: Response): Promise<number> {
  await res.body?.cancel();
  return res.status;
}

describe('the owner', () => {
  it('is the agent token of the first call, shown with its label in the detail and the list', async () => {
    const a = await agent('laptop agent');
    const sid = uid('s');
    expect(await statusOf(await call(sid, a.token))).toBe(200);
    expect((await detail(sid)).owner).toEqual({ tokenId: a.id, label: 'laptop agent' });
    const { sessions } = await expectJson<{ sessions: SessionView[] }>(200, '/sessions', {
      token: t.approver,
    });
    expect(sessions.find((session) => session.sessionId === sid)?.owner).toEqual({
      tokenId: a.id,
      label: 'laptop agent',
    });
  });

  it('is the agent token of the first declaration, and of the first hook', async () => {
    const a = await agent('declares');
    const declared = uid('s');
    await expectJson(200, `/sessions/${declared}`, {
      method: 'PUT',
      token: a.token,
      body: { title: 'mine' },
    });
    expect((await detail(declared)).owner).toEqual({ tokenId: a.id, label: 'declares' });
    const hooked = uid('s');
    expect(await statusOf(await hook(hooked, a.token))).toBe(200);
    expect((await detail(hooked)).owner?.tokenId).toBe(a.id);
  });

  it('stays when an admin or approver acts on the session', async () => {
    const a = await agent('stays');
    const sid = uid('s');
    await call(sid, a.token).then(statusOf);
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.admin, body: { title: 'renamed' } });
    expect(await statusOf(await call(sid, t.admin))).toBe(200);
    await expectJson(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: t.approver,
      body: { mode: 'plan' },
    });
    expect((await detail(sid)).owner?.tokenId).toBe(a.id);
    const b = await agent('latecomer');
    expect(await statusOf(await call(sid, b.token))).toBe(404);
  });

  it('cannot be taken by another agent token through a hook, whatever mode it names', async () => {
    const [a, b] = await Promise.all([agent('owner'), agent('intruder')]);
    const sid = uid('s');
    await call(sid, a.token).then(statusOf);
    const before = await auditEvents(t, sid);
    const tries = ['bypassPermissions', 'acceptEdits', 'plan', 'default'].flatMap((mode) => [
      { mode, query: '' },
      // `mode=relay`: no declaration first, straight to the call.
      { mode, query: '&mode=relay' },
    ]);
    for (const { mode, query } of tries) {
      const res = await hook(sid, b.token, mode, query);
      expect(res.status).toBe(200);
      const answer = ClaudePreToolUseOutput.parse(await res.json()).hookSpecificOutput;
      expect(answer.permissionDecision).toBe('deny');
      expect(answer.permissionDecisionReason).toContain(`session "${sid}" belongs to another agent token`);
    }
    expect(await auditEvents(t, sid)).toEqual(before);
    expect((await detail(sid)).engineMode).toBe('default');
  });
});

describe('a session without an owner', () => {
  it('declared by an admin is claimed by the first agent token that touches it', async () => {
    const [a, b] = await Promise.all([agent('first'), agent('second')]);
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.admin, body: { title: 'prepared' } });
    expect((await detail(sid)).owner).toBeNull();
    // Reading is touching: the first agent token to read the session's events claims it.
    const events = await api(`/sessions/${sid}/events`, { token: a.token });
    expect(await statusOf(events)).toBe(200);
    expect((await detail(sid)).owner).toEqual({ tokenId: a.id, label: 'first' });
    expect(await statusOf(await call(sid, b.token))).toBe(404);
    expect(await statusOf(await call(sid, a.token))).toBe(200);
  });

  it('stored before owners existed (schema version 1) is claimed by the first agent token', async () => {
    const [a, b] = await Promise.all([agent('heir'), agent('too late')]);
    const sid = uid('s');
    // An object as an older build left it: the first migration only, a session and a call in it.
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const sql = state.storage.sql;
      sql.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
      sql.exec(migrations[0]!);
      sql.exec('INSERT INTO schema_version (version) VALUES (1)');
      sql.exec(
        `INSERT INTO meta (id, workspace_id, session_id, title, agent, mode, engine_mode, modes, permissions, created_at, updated_at)
         VALUES (1, ?, ?, 'old', NULL, 'default', 'default', '[]', NULL, ?, ?)`,
        t.workspaceId,
        sid,
        Date.now(),
        Date.now(),
      );
    });
    expect(await statusOf(await api(`/sessions/${sid}/tool-calls/none`, { token: a.token }))).toBe(404);
    const view = await detail(sid);
    expect(view.title).toBe('old');
    expect(view.owner).toEqual({ tokenId: a.id, label: 'heir' });
    expect(await statusOf(await call(sid, b.token))).toBe(404);
    expect(await statusOf(await call(sid, a.token))).toBe(200);
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const versions = state.storage.sql
        .exec('SELECT version FROM schema_version ORDER BY version')
        .toArray();
      expect(versions).toEqual(migrations.map((_, i) => ({ version: i + 1 })));
    });
  });

  it('is not claimed by an approver or an admin', async () => {
    const a = await agent('claims later');
    const sid = uid('s');
    expect(await statusOf(await call(sid, t.admin))).toBe(200);
    await expectJson(200, `/sessions/${sid}/audit`, { token: t.approver });
    await expectJson(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: t.approver,
      body: { mode: 'plan' },
    });
    expect((await detail(sid)).owner).toBeNull();
    expect(await statusOf(await call(sid, a.token))).toBe(200);
    expect((await detail(sid)).owner?.tokenId).toBe(a.id);
  });
});

describe('racing for a new session id', () => {
  it('lets exactly one agent token in; every call stored is the winner’s', async () => {
    const [a, b] = await Promise.all([agent('racer a'), agent('racer b')]);
    for (let round = 0; round < 6; round++) {
      const sid = uid('race');
      // Mixed routes: calls, declarations and hooks all create a session.
      const attempts = await Promise.all([
        call(sid, a.token, 'a1').then(statusOf),
        round % 2 === 0
          ? call(sid, b.token, 'b1').then(statusOf)
          : api(`/sessions/${sid}`, { method: 'PUT', token: b.token, body: { title: 'b' } }).then(statusOf),
        call(sid, a.token, 'a2').then(statusOf),
        hook(sid, b.token).then(async (res) => {
          const answer = ClaudePreToolUseOutput.parse(await res.json()).hookSpecificOutput;
          return answer.permissionDecisionReason?.includes('belongs to another agent token') ? 404 : 200;
        }),
      ]);
      const owner = (await detail(sid)).owner?.tokenId;
      expect([a.id, b.id]).toContain(owner);
      const mine = owner === a.id ? [0, 2] : [1, 3];
      expect(attempts, `round ${round}`).toEqual(attempts.map((_, i) => (mine.includes(i) ? 200 : 404)));
      const started = (await auditEvents(t, sid)).filter((event) => event.name === 'TOOL_CALL_START');
      const ids = started.map((event) => (event.value as { toolCallId: string }).toolCallId);
      if (owner === a.id) expect(ids.sort()).toEqual(['a1', 'a2']);
      else expect(ids.every((id) => !id.startsWith('a'))).toBe(true);
    }
  });
});

describe('what cannot get round ownership', () => {
  it('a credential check this isolate reuses still names its own token', async () => {
    const [a, b] = await Promise.all([agent('cached a'), agent('cached b')]);
    const sid = uid('s');
    // Back to back, so both checks are reused from this isolate's cache.
    for (let i = 0; i < 3; i++) {
      expect(await statusOf(await call(sid, a.token))).toBe(200);
      expect(await statusOf(await call(sid, b.token))).toBe(404);
    }
  });

  it("a revoked owner's token gets 401 at once, and its session passes to no other agent token", async () => {
    const [a, c] = await Promise.all([agent('revoked owner'), agent('successor')]);
    const sid = uid('s');
    expect(await statusOf(await call(sid, a.token))).toBe(200);
    await expectJson(200, `/tokens/${a.id}`, { method: 'DELETE', token: t.admin });
    expect(await statusOf(await call(sid, a.token))).toBe(401);
    expect(await statusOf(await hook(sid, a.token))).toBe(401);
    expect(await statusOf(await call(sid, c.token))).toBe(404);
    expect((await detail(sid)).owner?.tokenId).toBe(a.id);
  });

  it("a WebSocket ticket opens only its own token's session events", async () => {
    const [a, b] = await Promise.all([agent('ticket owner'), agent('ticket other')]);
    const sid = uid('s');
    await call(sid, a.token).then(statusOf);
    const open = async (token: string) => {
      const { ticket } = await expectJson<{ ticket: string }>(201, '/ws-tickets', { token, method: 'POST' });
      return exports.default.fetch(
        `http://relay/api/v1/sessions/${sid}/events?ticket=${encodeURIComponent(ticket)}`,
        { headers: { upgrade: 'websocket' } },
      );
    };
    const theirs = await open(b.token);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(
      `{"error":{"code":"not_found","message":"session \\"${sid}\\" not found"}}`,
    );
    const mine = await open(a.token);
    expect(mine.status).toBe(101);
    mine.webSocket!.accept();
    mine.webSocket!.close(1000, 'done');
  });

  it('a tool call id the owner used is no more visible to another agent token than one never used', async () => {
    const [a, b] = await Promise.all([agent('ids a'), agent('ids b')]);
    const sid = uid('s');
    const state = await submit(t, sid, readingCall('used'), a.token);
    expect((state as ToolCallState).outcome).toBe('allow');
    const used = await api(`/sessions/${sid}/tool-calls/used`, { token: b.token });
    const unused = await api(`/sessions/${sid}/tool-calls/unused`, { token: b.token });
    expect([used.status, unused.status]).toEqual([404, 404]);
    expect(await used.text()).toBe(await unused.text());
    // Resending the owner's call id with the owner's input neither reads nor conflicts.
    const resent = await call(sid, b.token, 'used');
    expect(resent.status).toBe(404);
  });
});
