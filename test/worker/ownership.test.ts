import { beforeAll, describe, expect, it } from 'vitest';
import { ClaudePermissionRequestOutput, ClaudePreToolUseOutput } from '../../shared/contract/index.ts';
import permissionRequestRead from '../fixtures/claude/permission-request-read.json' with { type: 'json' };
import preToolUseRead from '../fixtures/claude/pre-tool-use-read.json' with { type: 'json' };
import {
  api,
  askingCall,
  auditEvents,
  expectJson,
  issueToken,
  readingCall,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

/**
 * The owner matrix (DESIGN §3): every session route × every kind of caller. A session
 * belongs to the agent token that created it; to another agent token of the same workspace it
 * does not exist — the same 404, byte for byte, as a session never created.
 */
type Caller =
  | 'owner'
  | 'otherAgent'
  | 'approver'
  | 'admin'
  | 'otherWorkspace'
  | 'otherWorkspaceAdmin'
  | 'revoked'
  | 'none';
const callers: Caller[] = [
  'owner',
  'otherAgent',
  'approver',
  'admin',
  'otherWorkspace',
  'otherWorkspaceAdmin',
  'revoked',
  'none',
];

/** The callers who may act on the owner's session. */
const insiders: readonly Caller[] = ['owner', 'approver', 'admin'];

let t: Team;
/** Another agent token of `t`'s workspace. */
let otherAgent: string;
/** An agent token of another workspace. */
let foreigner: Team;
let revoked: string;

beforeAll(async () => {
  [t, foreigner] = await Promise.all([team(), team()]);
  const [second, gone] = await Promise.all([issueToken('agent', t.admin), issueToken('agent', t.admin)]);
  otherAgent = second.token;
  await expectJson(200, `/tokens/${gone.id}`, { method: 'DELETE', token: t.admin });
  revoked = gone.token;
});

function tokenOf(caller: Caller): string | null {
  switch (caller) {
    case 'owner':
      return t.agent;
    case 'otherAgent':
      return otherAgent;
    case 'approver':
      return t.approver;
    case 'admin':
      return t.admin;
    case 'otherWorkspace':
      return foreigner.agent;
    case 'otherWorkspaceAdmin':
      return foreigner.admin;
    case 'revoked':
      return revoked;
    case 'none':
      return null;
  }
}

interface Fixture {
  sid: string;
  interactionId: string;
}

/** A fresh session `sid` of the owner's, holding an allowed call `r` and a pending ask `p`. */
async function fixture(sid: string): Promise<Fixture> {
  await submit(t, sid, readingCall('r'));
  const asked = await submit(t, sid, askingCall('p'));
  return { sid, interactionId: asked.interaction!.interactionId };
}

interface Route {
  name: string;
  request: (f: Fixture) => { method: string; path: string; body?: unknown; headers?: Record<string, string> };
  expect: Record<Caller, number>;
  /** The route would create a missing session (so a missing one answers no 404 to compare with). */
  creates?: boolean;
  /** For 200 answers carrying a verdict (the hooks): what each caller must read in it. */
  verdict?: (caller: Caller, body: string) => void;
}

const refusedAuth = { revoked: 401, none: 401 } as const;

const preToolUse = (f: Fixture) => ({
  ...structuredClone(preToolUseRead),
  session_id: f.sid,
  tool_use_id: `toolu_${uid('read').replace(/-/g, '')}`,
});
const permissionRequest = (f: Fixture) => ({ ...structuredClone(permissionRequestRead), session_id: f.sid });

/** The owner's hook is decided on its merits (the read is allowed); anyone else's is its own session's. */
const hookVerdict =
  (decisionOf: (answer: unknown) => { behavior: string; text: string }) => (caller: Caller, body: string) => {
    const { behavior, text } = decisionOf(JSON.parse(body));
    if (caller === 'otherAgent') {
      expect(behavior).toBe('deny');
      expect(text).toContain('belongs to another agent token');
    } else {
      // The owner, the admin, and another workspace's tokens (whose own session this id names).
      expect(behavior).toBe('allow');
    }
  };

const routes: Route[] = [
  {
    name: 'POST tool-calls',
    request: ({ sid }) => ({
      method: 'POST',
      path: `/sessions/${sid}/tool-calls`,
      body: readingCall(uid('c')),
    }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 403,
      admin: 200,
      otherWorkspace: 200,
      otherWorkspaceAdmin: 200,
    },
    creates: true,
  },
  {
    name: 'GET tool-call',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/tool-calls/p` }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 403,
      admin: 200,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET tool-call that does not exist',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/tool-calls/nope` }),
    expect: {
      ...refusedAuth,
      owner: 404,
      otherAgent: 404,
      approver: 403,
      admin: 404,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'DELETE tool-call',
    request: ({ sid }) => ({ method: 'DELETE', path: `/sessions/${sid}/tool-calls/p` }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 403,
      admin: 200,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'POST tool-call result',
    request: ({ sid }) => ({
      method: 'POST',
      path: `/sessions/${sid}/tool-calls/r/result`,
      body: { status: 'ok' },
    }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 403,
      admin: 200,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'PUT session',
    request: ({ sid }) => ({ method: 'PUT', path: `/sessions/${sid}`, body: { title: 'declared' } }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 403,
      admin: 200,
      otherWorkspace: 200,
      otherWorkspaceAdmin: 200,
    },
    creates: true,
  },
  {
    name: 'GET session',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}` }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET sessions (list)',
    request: () => ({ method: 'GET', path: '/sessions' }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 200,
    },
  },
  {
    name: 'PUT mode',
    request: ({ sid }) => ({ method: 'PUT', path: `/sessions/${sid}/mode`, body: { mode: 'plan' } }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'POST interaction-respond',
    request: ({ sid, interactionId }) => ({
      method: 'POST',
      path: `/sessions/${sid}/interaction-respond`,
      body: { interaction_id: interactionId, answer: { decision: 'approve' } },
    }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET events (SSE)',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/events` }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 404,
      approver: 200,
      admin: 200,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET events (WebSocket)',
    request: ({ sid }) => ({
      method: 'GET',
      path: `/sessions/${sid}/events`,
      headers: { upgrade: 'websocket' },
    }),
    expect: {
      ...refusedAuth,
      owner: 101,
      otherAgent: 404,
      approver: 101,
      admin: 101,
      otherWorkspace: 404,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET audit',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/audit` }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'GET audit (JSON Lines)',
    request: ({ sid }) => ({ method: 'GET', path: `/sessions/${sid}/audit?format=jsonl` }),
    expect: {
      ...refusedAuth,
      owner: 403,
      otherAgent: 403,
      approver: 200,
      admin: 200,
      otherWorkspace: 403,
      otherWorkspaceAdmin: 404,
    },
  },
  {
    name: 'POST hooks/claude/pre-tool-use',
    request: (f) => ({ method: 'POST', path: '/hooks/claude/pre-tool-use?wait=0', body: preToolUse(f) }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 200,
      approver: 403,
      admin: 200,
      otherWorkspace: 200,
      otherWorkspaceAdmin: 200,
    },
    creates: true,
    verdict: hookVerdict((answer) => {
      const { permissionDecision, permissionDecisionReason } =
        ClaudePreToolUseOutput.parse(answer).hookSpecificOutput;
      return { behavior: permissionDecision, text: permissionDecisionReason ?? '' };
    }),
  },
  {
    name: 'POST hooks/claude/permission-request',
    request: (f) => ({
      method: 'POST',
      path: '/hooks/claude/permission-request?wait=0',
      body: permissionRequest(f),
    }),
    expect: {
      ...refusedAuth,
      owner: 200,
      otherAgent: 200,
      approver: 403,
      admin: 200,
      otherWorkspace: 200,
      otherWorkspaceAdmin: 200,
    },
    creates: true,
    verdict: hookVerdict((answer) => {
      const { decision } = ClaudePermissionRequestOutput.parse(answer).hookSpecificOutput;
      return { behavior: decision.behavior, text: decision.behavior === 'deny' ? decision.message : '' };
    }),
  },
];

async function send(route: Route, f: Fixture, token: string | null) {
  const { method, path, body, headers } = route.request(f);
  const res = await api(path, { method, token, body, headers });
  if (res.status === 101) {
    res.webSocket!.accept();
    res.webSocket!.close(1000, 'done');
    return { status: 101, body: '', contentType: null };
  }
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, body: '', contentType: res.headers.get('content-type') };
  }
  // The raw bytes, decoded, whatever the content type (JSON Lines included).
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return { status: res.status, body: text, contentType: res.headers.get('content-type') };
}

/** What a session never created answers this caller on a route that does not create one. */
async function missingAnswer(sid: string, token: string) {
  const res = await api(`/sessions/${sid}/tool-calls/p`, { token });
  return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') };
}

const cells = routes.flatMap((route) =>
  callers.map((caller) => ({ route: route.name, caller, status: route.expect[caller], run: route })),
);

describe('session routes × callers', () => {
  it.each(cells)('$route as $caller → $status', async ({ caller, status, run }) => {
    const sid = uid('s');
    const hidden = caller === 'otherAgent' && status === 404;
    // Before the session exists: what "missing" answers the same token for the same session id
    // (on this very route, unless the route would create the session).
    const missing = !hidden
      ? null
      : run.creates
        ? await missingAnswer(sid, otherAgent)
        : await send(run, { sid, interactionId: 'ia-none' }, otherAgent);
    const f = await fixture(sid);
    const before = await auditEvents(t, sid);
    const answer = await send(run, f, tokenOf(caller));
    expect(answer.status, answer.body).toBe(status);
    if (missing) {
      expect(missing.status).toBe(404);
      // Byte for byte what a session never created answers, and with the same content type.
      expect(answer.body).toBe(missing.body);
      expect(answer.contentType).toBe(missing.contentType);
    }
    if (status === 200 && run.verdict) run.verdict(caller, answer.body);
    if (status >= 400 || !insiders.includes(caller)) {
      // Refused, or answered as another workspace's own session: the owner's session is untouched.
      expect(await auditEvents(t, sid)).toEqual(before);
    }
  });
});
