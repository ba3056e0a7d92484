import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/index.ts';
import {
  api,
  bootstrapToken,
  issue,
  json,
  messageQueue,
  newWorkspace,
  sessionView,
  warmUp,
} from './helpers.ts';

beforeAll(warmUp);

const workspace = (id = 'default') => env.WORKSPACE.getByName(id);

async function ticketFor(token: string): Promise<string> {
  const res = await api('POST', '/ws-tickets', { token });
  expect(res.status).toBe(201);
  const body = await json<{ ticket: string; expiresAt: string }>(res);
  expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(61_000);
  return body.ticket;
}

const connect = (query: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://relay/api/v1/inbox${query}`, {
    headers: { upgrade: 'websocket', ...headers },
  });

async function openInbox(token: string) {
  const res = await connect(`?ticket=${encodeURIComponent(await ticketFor(token))}`);
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages = messageQueue(socket);
  socket.accept();
  return { socket, messages };
}

describe('GET /inbox (JSON)', () => {
  it('lists sessions with an active interaction: highest risk first, then the oldest', async () => {
    const other = await newWorkspace();
    const ws = workspace(other.workspaceId);
    await ws.sessionChanged(sessionView('idle'));
    await ws.sessionChanged(sessionView('low-old', { risk: 'low', createdAt: '2026-11-29T10:00:00.000Z' }));
    await ws.sessionChanged(sessionView('high-new', { risk: 'high', createdAt: '2026-11-29T11:30:00.000Z' }));
    await ws.sessionChanged(sessionView('high-old', { risk: 'high', createdAt: '2026-11-29T11:00:00.000Z' }));
    await ws.sessionChanged(
      sessionView('critical', { risk: 'critical', createdAt: '2026-11-29T11:45:00.000Z' }),
    );
    const res = await api('GET', '/inbox', { token: other.token });
    expect(res.status).toBe(200);
    const { sessions } = await json<{ sessions: SessionView[] }>(res);
    expect(sessions.map((s) => s.sessionId)).toEqual(['critical', 'high-old', 'high-new', 'low-old']);
    // Answered: it leaves the inbox but stays in the session list.
    await ws.sessionChanged(sessionView('critical'));
    const after = await json<{ sessions: SessionView[] }>(await api('GET', '/inbox', { token: other.token }));
    expect(after.sessions.map((s) => s.sessionId)).toEqual(['high-old', 'high-new', 'low-old']);
    const all = await json<{ sessions: SessionView[] }>(
      await api('GET', '/sessions', { token: other.token }),
    );
    expect(all.sessions.map((s) => s.sessionId).sort()).toEqual(
      ['critical', 'high-new', 'high-old', 'idle', 'low-old'].sort(),
    );
    expect(all.sessions[0]!.sessionId).toBe('critical');
  });

  it('never shows one workspace the sessions of another', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await workspace(a.workspaceId).sessionChanged(
      sessionView('secret-a', { risk: 'low', createdAt: '2026-11-29T10:00:00.000Z' }),
    );
    for (const path of ['/inbox', '/sessions']) {
      const { sessions } = await json<{ sessions: SessionView[] }>(
        await api('GET', path, { token: b.token }),
      );
      expect(sessions).toEqual([]);
    }
  });

  it('drops a session view that is not one (a SessionDO bug; nothing stored)', async () => {
    const other = await newWorkspace();
    await workspace(other.workspaceId).sessionChanged({ sessionId: 'x' } as unknown as SessionView);
    const { sessions } = await json<{ sessions: SessionView[] }>(
      await api('GET', '/sessions', { token: other.token }),
    );
    expect(sessions).toEqual([]);
  });
});

describe('GET /inbox (WebSocket)', () => {
  it('sends a snapshot on connect, then every session change', async () => {
    const other = await newWorkspace();
    const ws = workspace(other.workspaceId);
    await ws.sessionChanged(
      sessionView('waiting', { risk: 'medium', createdAt: '2026-11-29T10:00:00.000Z' }),
    );
    const approver = await issue('approver', other.token);
    const { socket, messages } = await openInbox(approver.token);
    const snapshot = await messages.next();
    expect(snapshot).toMatchObject({ type: 'snapshot', ts: expect.any(String) });
    expect((snapshot.sessions as SessionView[]).map((s) => s.sessionId)).toEqual(['waiting']);

    await ws.sessionChanged(sessionView('new-ask', { risk: 'high', createdAt: '2026-11-29T10:05:00.000Z' }));
    const update = await messages.next();
    expect(update).toMatchObject({
      type: 'session',
      session: { sessionId: 'new-ask' },
      ts: expect.any(String),
    });

    await ws.sessionChanged(sessionView('waiting'));
    expect(await messages.next()).toMatchObject({
      type: 'session',
      session: { sessionId: 'waiting', activeInteraction: null },
    });

    socket.send('snapshot');
    const fresh = await messages.next();
    expect((fresh.sessions as SessionView[]).map((s) => s.sessionId)).toEqual(['new-ask']);
    socket.close(1000, 'done');
  });

  it('answers ping with pong by the runtime auto-response', async () => {
    const approver = await issue('approver');
    const { socket } = await openInbox(approver.token);
    const pong = new Promise<string>((resolve) =>
      socket.addEventListener('message', (event) => {
        if (event.data === 'pong') resolve(event.data);
      }),
    );
    socket.send('ping');
    expect(await pong).toBe('pong');
    socket.close(1000);
  });

  it('accepts a bearer header too (for clients that can set one)', async () => {
    const approver = await issue('approver');
    const res = await connect('', { authorization: `Bearer ${approver.token}` });
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    res.webSocket!.close(1000);
  });

  it('spends a ticket on first use', async () => {
    const approver = await issue('approver');
    const ticket = await ticketFor(approver.token);
    const first = await connect(`?ticket=${ticket}`);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    first.webSocket!.close(1000);
    const second = await connect(`?ticket=${ticket}`);
    expect(second.status).toBe(401);
    expect(await json(second)).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('refuses an expired ticket', async () => {
    const approver = await issue('approver');
    const ticket = await ticketFor(approver.token);
    const { runInDurableObject } = await import('cloudflare:test');
    await runInDurableObject(workspace(), (_instance, state) => {
      state.storage.sql.exec('UPDATE tickets SET expires_at = ?', Date.now() - 1);
    });
    expect((await connect(`?ticket=${ticket}`)).status).toBe(401);
  });

  it('refuses a ticket whose token was revoked meanwhile', async () => {
    const approver = await issue('approver');
    const ticket = await ticketFor(approver.token);
    await api('DELETE', `/tokens/${approver.id}`, { token: bootstrapToken });
    expect((await connect(`?ticket=${ticket}`)).status).toBe(401);
  });

  it('checks the role behind a ticket: an agent ticket does not open the inbox', async () => {
    const agent = await issue('agent');
    const res = await connect(`?ticket=${await ticketFor(agent.token)}`);
    expect(res.status).toBe(403);
  });

  it.each([
    ['a token in ?token=', (token: string) => `?token=${token}`],
    ['a token in ?access_token=', (token: string) => `?access_token=${token}`],
    ['a token passed as the ticket', (token: string) => `?ticket=${token}`],
    [
      'a forged ticket',
      () => '?ticket=gt_default_wt-aaaaaaaaaaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ],
    ['a malformed ticket', () => '?ticket=hello'],
    ['nothing at all', () => ''],
  ])('refuses %s', async (_name, query) => {
    const approver = await issue('approver');
    const res = await connect(query(approver.token));
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it('does not accept tickets outside WebSocket upgrades', async () => {
    const approver = await issue('approver');
    const ticket = await ticketFor(approver.token);
    const res = await exports.default.fetch(`http://relay/api/v1/inbox?ticket=${ticket}`);
    expect(res.status).toBe(401);
  });

  it('ignores a principal header sent by a client', async () => {
    const agent = await issue('agent');
    const forged = JSON.stringify({ workspaceId: 'default', tokenId: 'x', role: 'admin', policyVersion: 0 });
    const res = await connect('', {
      authorization: `Bearer ${agent.token}`,
      'x-gatehouse-principal': forged,
    });
    expect(res.status).toBe(403);
  });

  it('closes the sockets of a token when it is revoked', async () => {
    const approver = await issue('approver');
    const { socket, messages } = await openInbox(approver.token);
    await messages.next();
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code)),
    );
    await api('DELETE', `/tokens/${approver.id}`, { token: bootstrapToken });
    expect(await closed).toBe(4001);
  });
});
