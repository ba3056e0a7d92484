import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InboxConnection,
  type InboxConnectionOptions,
  openInbox,
} from '../../extension/lib/inbox-connection.ts';
import type { SessionView } from '../../shared/contract/index.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { adminToken, startRelay, type TestRelay } from './client-relay.ts';

// The inbox connection the background and /app share, against the real relay behind a TCP
// pass-through the test can cut: snapshot, live updates, reconnects, revocation.

type State = Parameters<InboxConnectionOptions['onState']>[0];

let relay: TestRelay;
let proxy: TcpProxy;
let approverToken: string;
let approverId: string;
const open: InboxConnection[] = [];

beforeAll(async () => {
  relay = await startRelay();
  proxy = await startTcpProxy(new URL(relay.url));
  const issued = await relay.admin.issueToken({ role: 'approver', label: 'inbox connection' });
  approverToken = issued.token;
  approverId = issued.id;
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await proxy?.stop();
  await relay?.stop();
});

/** Opens a connection and records every state it reports. */
function watch(overrides: Partial<InboxConnectionOptions> = {}) {
  const states: State[] = [];
  let unauthorized = 0;
  const waiters: Array<{ test: (state: State) => boolean; resolve: (state: State) => void }> = [];
  const connection = openInbox({
    relayUrl: proxy.url,
    token: approverToken,
    backoff: { initialMs: 100, maxMs: 400 },
    onState: (state) => {
      states.push(state);
      for (const waiter of [...waiters]) {
        if (waiter.test(state)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(state);
        }
      }
    },
    onUnauthorized: () => {
      unauthorized++;
    },
    ...overrides,
  });
  open.push(connection);
  const until = (test: (state: State) => boolean, ms = 10_000) =>
    new Promise<State>((resolve, reject) => {
      const last = states.at(-1);
      if (last && test(last)) return resolve(last);
      const timer = setTimeout(
        () => reject(new Error(`no such state; last: ${JSON.stringify(states.at(-1))}`)),
        ms,
      );
      waiters.push({
        test,
        resolve: (state) => {
          clearTimeout(timer);
          resolve(state);
        },
      });
    });
  return { connection, states, until, unauthorized: () => unauthorized };
}

const pendingIds = (sessions: SessionView[]) => sessions.map((view) => view.activeInteraction?.interactionId);

const ask = (sid: string, id: string, command = `rm -rf build-${id}`) =>
  relay.agent.submit(sid, { tool_call_id: id, tool: 'Bash', input: { command }, wait: 0 });

describe('the inbox connection against the real relay', () => {
  it('starts from a snapshot, then follows questions as they come and go', async () => {
    const before = await ask('inbox-a', 'a1');
    const watcher = watch();
    const first = await watcher.until((state) => state.connection === 'live');
    expect(watcher.states[0]?.connection).toBe('connecting');
    expect(pendingIds(first.sessions)).toContain(before.interaction!.interactionId);

    const next = await ask('inbox-b', 'b1', 'curl -X POST https://api.example.com/deploy');
    await watcher.until((state) => pendingIds(state.sessions).includes(next.interaction!.interactionId));

    await relay.approver.respond('inbox-a', {
      interaction_id: before.interaction!.interactionId,
      answer: { decision: 'approve' },
    });
    const after = await watcher.until(
      (state) => !state.sessions.some((view) => view.sessionId === 'inbox-a'),
    );
    expect(pendingIds(after.sessions)).toEqual([next.interaction!.interactionId]);
    expect(watcher.connection.sessions).toEqual(after.sessions);
    watcher.connection.close();
  });

  it('reconnects after the network drops and the relay is away, with a fresh snapshot and no duplicates', async () => {
    const watcher = watch();
    await watcher.until((state) => state.connection === 'live');

    await proxy.stop();
    const down = await watcher.until((state) => state.connection === 'unreachable');
    expect(down.error).toMatch(/retrying in \d+ s/);
    // Asked while the approver was away: the snapshot on return must bring it.
    const missed = await ask('inbox-c', 'c1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.start();

    const back = await watcher.until(
      (state) =>
        state.connection === 'live' && pendingIds(state.sessions).includes(missed.interaction!.interactionId),
    );
    const ids = back.sessions.map((view) => view.sessionId);
    expect(new Set(ids).size).toBe(ids.length);

    // A cut that TCP reports at once: back to live without a user doing anything.
    const liveBefore = watcher.states.filter((state) => state.connection === 'live').length;
    proxy.cutConnections();
    await watcher.until(
      (state) =>
        state.connection === 'live' &&
        watcher.states.filter((seen) => seen.connection === 'live').length > liveBefore,
    );
    watcher.connection.close();
  });

  it('notices a dead connection by its unanswered ping', async () => {
    // A relay that accepts the socket and then says nothing: a pass-through whose upstream is paused.
    const watcher = watch({ heartbeatMs: 150 });
    await watcher.until((state) => state.connection === 'live');
    const realSend = WebSocket.prototype.send;
    let dropped = 0;
    WebSocket.prototype.send = function dropPing() {
      dropped++;
    };
    try {
      const lost = await watcher.until((state) => state.connection === 'unreachable');
      expect(lost.error).toContain('stopped answering');
      expect(dropped).toBeGreaterThan(0);
    } finally {
      WebSocket.prototype.send = realSend;
    }
    await watcher.until((state) => state.connection === 'live');
    watcher.connection.close();
  });

  it('reports unreachable for a relay that is not there, and retries on reconnectNow', async () => {
    const watcher = watch({ relayUrl: 'http://127.0.0.1:9', backoff: { initialMs: 60_000, maxMs: 60_000 } });
    const down = await watcher.until((state) => state.connection === 'unreachable');
    expect(down.error).toContain('unreachable');
    const attempts = watcher.states.filter((state) => state.connection === 'connecting').length;
    watcher.connection.reconnectNow();
    await watcher.until(
      () => watcher.states.filter((state) => state.connection === 'connecting').length > attempts,
    );
    watcher.connection.close();
  });

  it('gives up and says so when the token is revoked, and never for another role', async () => {
    // The relay closes a revoked token's sockets (4001, checked inside workerd by the worker
    // tests); wrangler's local dev proxy does not pass that close on, so here the unanswered
    // heartbeat is what notices — the path a half-open connection takes in production too.
    const watcher = watch({ heartbeatMs: 300 });
    await watcher.until((state) => state.connection === 'live');
    const revoked = await fetch(`${relay.url}/api/v1/tokens/${approverId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(revoked.ok).toBe(true);
    const gone = await watcher.until(
      (state) => state.connection === 'unreachable' && state.sessions.length === 0,
    );
    expect(gone.error).toContain('pair again');
    expect(watcher.unauthorized()).toBe(1);

    const agent = watch({ token: relay.agentToken });
    await agent.until((state) => state.error?.includes('pair again') ?? false);
    expect(agent.unauthorized()).toBe(1);
    expect(agent.states.some((state) => state.connection === 'live')).toBe(false);
  });
});
