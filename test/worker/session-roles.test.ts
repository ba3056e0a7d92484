import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  askingCall,
  auditEvents,
  bootstrapToken,
  expectJson,
  issueToken,
  readingCall,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

type Caller = 'none' | 'bad' | 'agent' | 'approver' | 'admin' | 'revoked' | 'other';

let t: Team;
let other: Team;
let revoked: string;

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
  const token = await issueToken('agent', t.admin);
  await expectJson(200, `/tokens/${token.id}`, { method: 'DELETE', token: t.admin });
  revoked = token.token;
});

function tokenOf(caller: Caller): string | null {
  switch (caller) {
    case 'none':
      return null;
    case 'bad':
      return 'gh_nope_not-a-real-token-at-all';
    case 'revoked':
      return revoked;
    case 'other':
      return other.admin;
    default:
      return t[caller];
  }
}

/** A fresh session holding an allowed call `r` and a pending ask `p`. */
async function fixture() {
  const sid = uid('s');
  await submit(t, sid, readingCall('r'));
  const asked = await submit(t, sid, askingCall('p'));
  return { sid, interactionId: asked.interaction!.interactionId };
}

interface Endpoint {
  name: string;
  request: (f: { sid: string; interactionId: string }) => { method: string; path: string; body?: unknown };
  /** Expected status per caller. */
  expect: Record<Caller, number>;
}

const unauthenticated = { none: 401, bad: 401, revoked: 401 } as const;

// `other` is another workspace's admin: the same session id names a different session there,
// so reads find nothing (404) and writes land in its own workspace, never in ours.
const endpoints: Endpoint[] = [
  {
    name: 'POST tool-calls',
    request: ({ sid }) => ({
      method: 'POST',
      path: `/sessions/${sid}/tool-calls`,
      body: readingCall(uid('c')),
    }),
    expect: { ...unauthenticated, agent: 200, approver: 403, admin: 200, other: 200 },
  },
  {
    name: 'GET tool-call',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/tool-calls/p` }),
    expect: { ...unauthenticated, agent: 200, approver: 403, admin: 200, other: 404 },
  },
  {
    name: 'DELETE tool-call',
    request: ({ sid }) => ({ method: 'DELETE', path: `/sessions/${sid}/tool-calls/p` }),
    expect: { ...unauthenticated, agent: 200, approver: 403, admin: 200, other: 404 },
  },
  {
    name: 'POST tool-call result',
    request: ({ sid }) => ({
      method: 'POST',
      path: `/sessions/${sid}/tool-calls/r/result`,
      body: { status: 'ok' },
    }),
    expect: { ...unauthenticated, agent: 200, approver: 403, admin: 200, other: 404 },
  },
  {
    name: 'PUT session',
    request: ({ sid }) => ({ method: 'PUT', path: `/sessions/${sid}`, body: { title: 'declared' } }),
    expect: { ...unauthenticated, agent: 200, approver: 403, admin: 200, other: 200 },
  },
  {
    name: 'GET session',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}` }),
    expect: { ...unauthenticated, agent: 403, approver: 200, admin: 200, other: 404 },
  },
  {
    name: 'PUT mode',
    request: ({ sid }) => ({ method: 'PUT', path: `/sessions/${sid}/mode`, body: { mode: 'plan' } }),
    expect: { ...unauthenticated, agent: 403, approver: 200, admin: 200, other: 404 },
  },
  {
    name: 'POST interaction-respond',
    request: ({ sid, interactionId }) => ({
      method: 'POST',
      path: `/sessions/${sid}/interaction-respond`,
      body: { interaction_id: interactionId, answer: { decision: 'approve' } },
    }),
    expect: { ...unauthenticated, agent: 403, approver: 200, admin: 200, other: 404 },
  },
  {
    name: 'GET events',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/events` }),
    expect: { ...unauthenticated, agent: 200, approver: 200, admin: 200, other: 404 },
  },
  {
    name: 'GET audit',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/audit` }),
    expect: { ...unauthenticated, agent: 403, approver: 200, admin: 200, other: 404 },
  },
];

const callers: Caller[] = ['none', 'bad', 'agent', 'approver', 'admin', 'revoked', 'other'];
const cells = endpoints.flatMap((endpoint) =>
  callers.map((caller) => ({
    endpoint: endpoint.name,
    caller,
    status: endpoint.expect[caller],
    run: endpoint,
  })),
);

describe('session endpoints × callers', () => {
  it.each(cells)('$endpoint as $caller → $status', async ({ caller, status, run }) => {
    const f = await fixture();
    const before = await auditEvents(t, f.sid);
    const { method, path, body } = run.request(f);
    const res = await api(path, { method, token: tokenOf(caller), body });
    await res.body?.cancel();
    expect(res.status).toBe(status);
    if (status >= 400) {
      // A refused request changes nothing in the session.
      expect(await auditEvents(t, f.sid)).toEqual(before);
    }
    if (caller === 'other') expect(await auditEvents(t, f.sid)).toEqual(before);
  });

  it('never lets an agent token answer, whatever the body says', async () => {
    const f = await fixture();
    for (const decision of ['approve', 'reject']) {
      const res = await api(`/sessions/${f.sid}/interaction-respond`, {
        token: t.agent,
        body: { interaction_id: f.interactionId, answer: { decision, scope: 'global' } },
      });
      expect(res.status).toBe(403);
    }
    const state = await expectJson<{ outcome: string }>(200, `/sessions/${f.sid}/tool-calls/p`, {
      token: t.agent,
    });
    expect(state.outcome).toBe('pending');
  });

  it("the bootstrap admin token works on the default workspace's sessions only", async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('x'));
    expect((await api(`/sessions/${sid}`, { token: bootstrapToken })).status).toBe(404);
  });
});
