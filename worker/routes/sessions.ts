import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  AuditLog,
  answerFromRoute,
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
import { heldAnswer } from '../http/held-answer.ts';
import { access, failures, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { callerOf, heldOnReset, sessionOf, unwrap } from '../http/session-calls.ts';
import { parseWith } from '../http/validate.ts';
import type { SessionCaller } from '../rpc.ts';
import { callerHeader } from '../session/caller.ts';
import { recordApproval } from './suggestions.ts';

const Seq = z.coerce.number().int().min(0);
const SessionParams = z.object({ sid: SessionId });
const ToolCallParams = z.object({ sid: SessionId, tcid: ToolCallId });
const GrantParams = z.object({ sid: SessionId, id: Identifier });
const WaitQuery = z.object({ wait: z.coerce.number().min(0).max(limits.waitSeconds).default(0) });
const AuditQuery = z.object({
  format: z.enum(['json', 'jsonl']).default('json'),
  after: Seq.default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** The newest N events instead of a page from `after` (the approver's timeline). */
  tail: z.coerce.number().int().min(1).max(1000).optional(),
});
const EventsQuery = z.object({ after: Seq.optional() });

const agentHotPath = access(['agent'], { recentlyChecked: true });

const submitToolCall = createRoute({
  method: 'post',
  path: '/sessions/{sid}/tool-calls',
  summary: 'Evaluate a tool call (idempotent by tool_call_id); `wait` holds the answer up to 300 s',
  ...agentHotPath,
  request: { params: SessionParams, ...requestJson(ToolCallRequest) },
  responses: { 200: jsonAnswer(ToolCallState, "the call's state"), ...failures(404, 409) },
});

const getToolCall = createRoute({
  method: 'get',
  path: '/sessions/{sid}/tool-calls/{tcid}',
  summary: "Long-poll one tool call's state (`?wait=N`, 0–300 s)",
  ...agentHotPath,
  request: { params: ToolCallParams, query: WaitQuery },
  responses: { 200: jsonAnswer(ToolCallState, "the call's state"), ...failures(404) },
});

const cancelToolCall = createRoute({
  method: 'delete',
  path: '/sessions/{sid}/tool-calls/{tcid}',
  summary: 'Cancel: the agent stopped waiting; the interaction resolves `canceled`',
  ...agentHotPath,
  request: { params: ToolCallParams },
  responses: { 200: jsonAnswer(ToolCallState, "the call's state"), ...failures(404, 409) },
});

const reportResult = createRoute({
  method: 'post',
  path: '/sessions/{sid}/tool-calls/{tcid}/result',
  summary: 'Report an allowed call ran: `ok` or `error` (TOOL_CALL_RESULT)',
  ...agentHotPath,
  request: { params: ToolCallParams, ...requestJson(ToolCallResultRequest) },
  responses: { 200: jsonAnswer(ToolCallState, "the call's state"), ...failures(404, 409) },
});

const declareSession = createRoute({
  method: 'put',
  path: '/sessions/{sid}',
  summary:
    'Declare or update the session: title, agent, modes, mode, permissions (any dialect); 404 for a session of another agent token',
  ...access(['agent', 'admin']),
  request: { params: SessionParams, ...requestJson(SessionDeclaration) },
  responses: { 200: jsonAnswer(SessionView, 'the session'), ...failures(404) },
});

const getSession = createRoute({
  method: 'get',
  path: '/sessions/{sid}',
  summary: 'Session detail: mode, declared modes, active interaction, queue length',
  ...access(['approver']),
  request: { params: SessionParams },
  responses: { 200: jsonAnswer(SessionView, 'the session'), ...failures(404) },
});

const selectMode = createRoute({
  method: 'put',
  path: '/sessions/{sid}/mode',
  summary: 'Switch mode (a declared id or an engine mode); applies to the next evaluation',
  ...access(['approver']),
  request: { params: SessionParams, ...requestJson(ModeChangeRequest) },
  responses: { 200: jsonAnswer(SessionView, 'the session'), ...failures(404) },
});

const listGrants = createRoute({
  method: 'get',
  path: '/sessions/{sid}/grants',
  summary: "The session's grants: what each covers (kind, approval key or rule), who made it, when, expiry",
  ...access(['approver']),
  request: { params: SessionParams },
  responses: { 200: jsonAnswer(SessionGrantList, 'the grants'), ...failures(404) },
});

const removeGrant = createRoute({
  method: 'delete',
  path: '/sessions/{sid}/grants/{id}',
  summary: 'Remove a session grant; the next identical call is decided afresh',
  ...access(['approver']),
  request: { params: GrantParams },
  responses: { 204: { description: 'removed' }, ...failures(404) },
});

const grantRequested = createRoute({
  method: 'post',
  path: '/sessions/{sid}/grant-requested',
  summary:
    "Grant, for this session only, what its agent asked for and did not get (`requested`: a looser mode, its own loosening permissions); recorded as the approver's mode change",
  ...access(['approver']),
  request: { params: SessionParams },
  responses: { 200: jsonAnswer(SessionView, 'the session'), ...failures(404, 409) },
});

// `approver` only: `requireRole` lets admin through too, and never an agent token (DESIGN §3).
const respond = createRoute({
  method: 'post',
  path: '/sessions/{sid}/interaction-respond',
  summary: 'Answer the active interaction: approve (once, session, global) or reject with a comment',
  ...access(['approver']),
  request: { params: SessionParams, ...requestJson(InteractionRespondRequest) },
  responses: { 200: jsonAnswer(Interaction, 'the answered interaction'), ...failures(403, 404, 409, 410) },
});

const events = createRoute({
  method: 'get',
  path: '/sessions/{sid}/events',
  summary:
    'Event stream: SSE (resume with Last-Event-ID or ?after=seq) or WebSocket upgrade; one JSON event `{seq, ts, name, value}` per message',
  ...access(['agent', 'approver']),
  request: { params: SessionParams, query: EventsQuery },
  responses: {
    200: { description: 'Server-sent events', content: { 'text/event-stream': { schema: z.string() } } },
    101: { description: 'WebSocket: the same events, one per message' },
    ...failures(404),
  },
});

const audit = createRoute({
  method: 'get',
  path: '/sessions/{sid}/audit',
  summary:
    'The event log as JSON, or JSON Lines with ?format=jsonl (page with ?after= and ?limit=; the newest N with ?tail=N)',
  ...access(['approver']),
  request: { params: SessionParams, query: AuditQuery },
  responses: {
    200: {
      description: 'a page of the log (JSON Lines: `x-next-after` names the next page)',
      content: {
        'application/json': { schema: AuditLog },
        'application/x-ndjson': { schema: z.string() },
      },
    },
    ...failures(404),
  },
});

/**
 * A pending call's long poll, held while a human decides; a client that goes away tells the
 * session, which withdraws the question unless someone polls again within its grace.
 */
function heldPoll(c: Context<AppEnv>, caller: SessionCaller, toolCallId: string, wait: number) {
  const waitId = crypto.randomUUID();
  const open = () => sessionOf(c, caller);
  return heldAnswer(c, {
    answer: heldOnReset(
      open,
      (session, waitSeconds) => session.getToolCall(caller, toolCallId, waitSeconds, waitId),
      wait,
    ).then(unwrap),
    render: (state: ToolCallState) => state,
    left: () => open().clientLeft(caller, toolCallId, waitId),
  });
}

export const sessionRoutes = openApiRoutes()
  .openapi(submitToolCall, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    const { wait = 0, ...request } = c.req.valid('json');
    // Evaluated without waiting, so a refusal keeps its status; only a question is held.
    const state = unwrap(
      await heldOnReset(
        () => sessionOf(c, caller),
        (session) => session.submitToolCall(caller, request, 0),
        0,
      ),
    );
    if (state.outcome !== 'pending' || wait === 0) return c.json(state, 200);
    return heldPoll(c, caller, state.toolCallId, wait);
  })
  .openapi(getToolCall, async (c) => {
    const { sid, tcid } = c.req.valid('param');
    const caller = callerOf(c, sid);
    const wait = c.req.valid('query').wait;
    const state = unwrap(
      await heldOnReset(
        () => sessionOf(c, caller),
        (session) => session.getToolCall(caller, tcid, 0),
        0,
      ),
    );
    if (state.outcome !== 'pending' || wait === 0) return c.json(state, 200);
    return heldPoll(c, caller, tcid, wait);
  })
  .openapi(cancelToolCall, async (c) => {
    const { sid, tcid } = c.req.valid('param');
    const caller = callerOf(c, sid);
    return c.json(unwrap(await sessionOf(c, caller).cancelToolCall(caller, tcid)), 200);
  })
  .openapi(reportResult, async (c) => {
    const { sid, tcid } = c.req.valid('param');
    const caller = callerOf(c, sid);
    const result = await sessionOf(c, caller).reportResult(caller, tcid, c.req.valid('json'));
    return c.json(unwrap(result), 200);
  })
  .openapi(declareSession, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    const declared = await sessionOf(c, caller).declareSession(caller, c.req.valid('json'));
    return c.json(unwrap(declared), 200);
  })
  .openapi(getSession, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    return c.json(unwrap(await sessionOf(c, caller).getSession(caller)), 200);
  })
  .openapi(selectMode, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    const { mode } = c.req.valid('json');
    return c.json(unwrap(await sessionOf(c, caller).selectMode(caller, mode)), 200);
  })
  .openapi(listGrants, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    return c.json({ grants: unwrap(await sessionOf(c, caller).listGrants(caller)) }, 200);
  })
  .openapi(removeGrant, async (c) => {
    const { sid, id } = c.req.valid('param');
    const caller = callerOf(c, sid);
    unwrap(await sessionOf(c, caller).removeGrant(caller, id));
    return c.body(null, 204);
  })
  .openapi(grantRequested, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    return c.json(unwrap(await sessionOf(c, caller).grantRequested(caller)), 200);
  })
  .openapi(respond, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    const answer = answerFromRoute(caller.sessionId, c.req.valid('json'));
    const interaction = unwrap(await sessionOf(c, caller).respond(caller, answer, c.req.url));
    await recordApproval(c, interaction);
    return c.json(interaction, 200);
  })
  .openapi(events, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    // EventSource resends the last id it saw on reconnect; it wins over the URL's `after`.
    const lastEventId = c.req.header('last-event-id');
    const after =
      lastEventId === undefined
        ? (c.req.valid('query').after ?? 0)
        : parseWith(Seq, lastEventId, 'resume point');
    const url = new URL('https://session/events');
    url.searchParams.set('after', String(after));
    const headers = new Headers({ [callerHeader]: JSON.stringify(caller) });
    const upgrade = c.req.header('upgrade');
    if (upgrade) headers.set('upgrade', upgrade);
    return sessionOf(c, caller).fetch(new Request(url, { headers }));
  })
  .openapi(audit, async (c) => {
    const caller = callerOf(c, c.req.valid('param').sid);
    const query = c.req.valid('query');
    const session = sessionOf(c, caller);
    const page = unwrap<AuditLog>(
      query.tail === undefined
        ? await session.auditLog(caller, query.after, query.limit)
        : await session.latestEvents(caller, query.tail),
    );
    if (query.format === 'json') return c.json(page, 200);
    const lines = page.events.map((event) => `${JSON.stringify(event)}\n`).join('');
    // JSON Lines is not JSON to Hono's response types; the document above names it.
    return c.body(lines, 200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      ...(page.next === null ? {} : { 'x-next-after': String(page.next) }),
    }) as never;
  });
