import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  AuditLog,
  Identifier,
  Interaction,
  InteractionRespondRequest,
  limits,
  ModeChangeRequest,
  SessionDeclaration,
  SessionGrantList,
  SessionId,
  SessionView,
  ToolCallId,
  ToolCallRequest,
  ToolCallResultRequest,
  ToolCallState,
} from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole, requireRoleRecentlyChecked } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody, parseWith } from '../http/validate.ts';
import { callerHeader, type Result, type SessionCaller, sessionObjectName } from '../session/index.ts';

const WaitSeconds = z.coerce.number().min(0).max(limits.waitSeconds);
const Seq = z.coerce.number().int().min(0);
const AuditQuery = z.object({
  format: z.enum(['json', 'jsonl']).default('json'),
  after: Seq.default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** The newest N events instead of a page from `after` (the approver's timeline). */
  tail: z.coerce.number().int().min(1).max(1000).optional(),
});

/**
 * The caller as the session sees it; the session id is validated here, before any object is
 * touched. Whether the caller may reach the session at all (an agent token only its own, DESIGN
 * §3) the session decides, on every request: see `worker/session/ownership.ts`.
 */
function callerOf(c: Context<AppEnv>): SessionCaller {
  const principal = c.var.principal;
  return {
    workspaceId: principal.workspaceId,
    sessionId: parseWith(SessionId, c.req.param('sid'), 'session id'),
    policyVersion: principal.policyVersion,
    actor: principal.role,
    tokenId: principal.tokenId,
    ...(principal.label === undefined ? {} : { label: principal.label }),
  };
}

/** One object per session, named by workspace and session: another workspace's token finds nothing. */
const sessionOf = (c: Context<AppEnv>, caller: SessionCaller) =>
  c.env.SESSION.getByName(sessionObjectName(caller.workspaceId, caller.sessionId));

const toolCallIdOf = (c: Context<AppEnv>) => parseWith(ToolCallId, c.req.param('tcid'), 'tool call id');

/** A session's refusal → the JSON error (status, code, current state in `details`). */
function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.status, result.code, result.message, result.details);
}

type SessionStub = ReturnType<typeof sessionOf>;

/**
 * Long polls survive a restart of the session object: its in-memory waiters are gone with it,
 * so the call is made once more, on a fresh stub (a stub whose object reset stays broken),
 * without waiting — every call is idempotent — and the agent gets the stored state, `pending`
 * if still unanswered, and simply polls again.
 */
async function withoutWaitOnReset<T>(
  open: () => SessionStub,
  call: (session: SessionStub) => Promise<T>,
  again: (session: SessionStub) => Promise<T>,
): Promise<T> {
  try {
    return await call(open());
  } catch (error) {
    console.warn('session object reset while waiting; answering its stored state', error);
    return again(open());
  }
}

export const sessionRoutes = new Hono<AppEnv>()
  .post('/sessions/:sid/tool-calls', requireRoleRecentlyChecked('agent'), async (c) => {
    const caller = callerOf(c);
    const { wait, ...request } = await jsonBody(c, ToolCallRequest, 'tool call');
    const state = await withoutWaitOnReset(
      () => sessionOf(c, caller),
      (session) => session.submitToolCall(caller, request, wait ?? 0),
      (session) => session.submitToolCall(caller, request, 0),
    );
    return c.json(unwrap(state));
  })
  .get('/sessions/:sid/tool-calls/:tcid', requireRoleRecentlyChecked('agent'), async (c) => {
    const caller = callerOf(c);
    const toolCallId = toolCallIdOf(c);
    const wait = parseWith(WaitSeconds, c.req.query('wait') ?? 0, 'wait');
    const state = await withoutWaitOnReset(
      () => sessionOf(c, caller),
      (session) => session.getToolCall(caller, toolCallId, wait),
      (session) => session.getToolCall(caller, toolCallId, 0),
    );
    return c.json(unwrap(state));
  })
  .delete('/sessions/:sid/tool-calls/:tcid', requireRoleRecentlyChecked('agent'), async (c) => {
    const caller = callerOf(c);
    const toolCallId = toolCallIdOf(c);
    return c.json(unwrap(await sessionOf(c, caller).cancelToolCall(caller, toolCallId)));
  })
  .post('/sessions/:sid/tool-calls/:tcid/result', requireRoleRecentlyChecked('agent'), async (c) => {
    const caller = callerOf(c);
    const toolCallId = toolCallIdOf(c);
    const result = await jsonBody(c, ToolCallResultRequest, 'tool call result');
    return c.json(unwrap(await sessionOf(c, caller).reportResult(caller, toolCallId, result)));
  })
  .put('/sessions/:sid', requireRole('agent', 'admin'), async (c) => {
    const caller = callerOf(c);
    const declaration = await jsonBody(c, SessionDeclaration, 'session declaration');
    return c.json(unwrap(await sessionOf(c, caller).declareSession(caller, declaration)));
  })
  .get('/sessions/:sid', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    return c.json(unwrap(await sessionOf(c, caller).getSession(caller)));
  })
  .put('/sessions/:sid/mode', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    const { mode } = await jsonBody(c, ModeChangeRequest, 'mode change');
    return c.json(unwrap(await sessionOf(c, caller).selectMode(caller, mode)));
  })
  .get('/sessions/:sid/grants', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    return c.json({ grants: unwrap(await sessionOf(c, caller).listGrants(caller)) });
  })
  .delete('/sessions/:sid/grants/:id', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    const id = parseWith(Identifier, c.req.param('id'), 'grant id');
    unwrap(await sessionOf(c, caller).removeGrant(caller, id));
    return c.body(null, 204);
  })
  .post('/sessions/:sid/grant-requested', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    return c.json(unwrap(await sessionOf(c, caller).grantRequested(caller)));
  })
  // `approver` only: `requireRole` lets admin through too, and never an agent token (DESIGN §3).
  .post('/sessions/:sid/interaction-respond', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    const answer = await jsonBody(c, InteractionRespondRequest, 'answer');
    return c.json(unwrap(await sessionOf(c, caller).respond(caller, answer)));
  })
  .get('/sessions/:sid/events', requireRole('agent', 'approver'), async (c) => {
    const caller = callerOf(c);
    // EventSource resends the last id it saw on reconnect; it wins over the URL's `after`.
    const after = parseWith(Seq, c.req.header('last-event-id') ?? c.req.query('after') ?? 0, 'resume point');
    const url = new URL('https://session/events');
    url.searchParams.set('after', String(after));
    const headers = new Headers({ [callerHeader]: JSON.stringify(caller) });
    const upgrade = c.req.header('upgrade');
    if (upgrade) headers.set('upgrade', upgrade);
    return sessionOf(c, caller).fetch(new Request(url, { headers }));
  })
  .get('/sessions/:sid/audit', requireRole('approver'), async (c) => {
    const caller = callerOf(c);
    const query = parseWith(AuditQuery, c.req.query(), 'audit query');
    const session = sessionOf(c, caller);
    const page = unwrap<AuditLog>(
      query.tail === undefined
        ? await session.auditLog(caller, query.after, query.limit)
        : await session.latestEvents(caller, query.tail),
    );
    if (query.format === 'json') return c.json(page);
    const lines = page.events.map((event) => `${JSON.stringify(event)}\n`).join('');
    return c.body(lines, 200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      ...(page.next === null ? {} : { 'x-next-after': String(page.next) }),
    });
  });

/** The session routes for `/openapi.json` (a test checks every route above appears here). */
export const sessionRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/sessions/{sid}/tool-calls',
    role: 'agent',
    summary: 'Evaluate a tool call (idempotent by tool_call_id); `wait` holds the answer up to 300 s',
    request: ToolCallRequest,
    response: ToolCallState,
    errors: [404, 409, 429],
  },
  {
    method: 'get',
    path: '/sessions/{sid}/tool-calls/{tcid}',
    role: 'agent',
    summary: "Long-poll one tool call's state (`?wait=N`, 0–300 s)",
    response: ToolCallState,
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/sessions/{sid}/tool-calls/{tcid}',
    role: 'agent',
    summary: 'Cancel: the agent stopped waiting; the interaction resolves `canceled`',
    response: ToolCallState,
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/sessions/{sid}/tool-calls/{tcid}/result',
    role: 'agent',
    summary: 'Report an allowed call ran: `ok` or `error` (TOOL_CALL_RESULT)',
    request: ToolCallResultRequest,
    response: ToolCallState,
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/sessions/{sid}',
    role: ['agent', 'admin'],
    summary:
      'Declare or update the session: title, agent, modes, mode, permissions (any dialect); 404 for a session of another agent token',
    request: SessionDeclaration,
    response: SessionView,
    errors: [400, 403, 404],
  },
  {
    method: 'get',
    path: '/sessions/{sid}',
    role: 'approver',
    summary: 'Session detail: mode, declared modes, active interaction, queue length',
    response: SessionView,
    errors: [400, 404],
  },
  {
    method: 'put',
    path: '/sessions/{sid}/mode',
    role: 'approver',
    summary: 'Switch mode (a declared id or an engine mode); applies to the next evaluation',
    request: ModeChangeRequest,
    response: SessionView,
    errors: [404],
  },
  {
    method: 'get',
    path: '/sessions/{sid}/grants',
    role: 'approver',
    summary: "The session's grants: what each covers (kind, approval key or rule), who made it, when, expiry",
    response: SessionGrantList,
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/sessions/{sid}/grants/{id}',
    role: 'approver',
    summary: 'Remove a session grant; the next identical call is decided afresh',
    status: 204,
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/sessions/{sid}/grant-requested',
    role: 'approver',
    summary:
      "Grant, for this session only, what its agent asked for and did not get (`requested`: a looser mode, its own loosening permissions); recorded as the approver's mode change",
    response: SessionView,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/sessions/{sid}/interaction-respond',
    role: 'approver',
    summary: 'Answer the active interaction: approve (once, session, global) or reject with a comment',
    request: InteractionRespondRequest,
    response: Interaction,
    errors: [404, 409, 410],
  },
  {
    method: 'get',
    path: '/sessions/{sid}/events',
    role: ['agent', 'approver'],
    summary: 'Event stream: SSE (resume with Last-Event-ID or ?after=seq) or WebSocket upgrade',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/sessions/{sid}/audit',
    role: 'approver',
    summary:
      'The event log as JSON, or JSON Lines with ?format=jsonl (page with ?after= and ?limit=; the newest N with ?tail=N)',
    response: AuditLog,
    errors: [400, 404],
  },
];
