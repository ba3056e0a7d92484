import { z } from 'zod';
import {
  AuditLog,
  answerFromRoute,
  answerRoute,
  Interaction,
  type InteractionAnswerInput,
  IssuedToken,
  limits,
  PairingCode,
  PairResponse,
  type SessionEvent,
  SessionList,
  SessionView,
  TokenList,
  ToolCallState,
  WsTicket,
} from '../../shared/contract/index.ts';
import { claudeHookEvents } from './claude-hooks.ts';
import { GatehouseError } from './errors.ts';
import { type EventsOptions, streamEvents } from './events.ts';
import { type ClientOptions, createTransport } from './http.ts';
import type {
  ClaudeHookEvent,
  PairInput,
  RespondInput,
  SessionDeclarationInput,
  TokenRequestInput,
  ToolCallInput,
  ToolCallResultInput,
} from './routes.ts';
import { createVerifier, memoryKeyStore, verifiedState } from './verify.ts';

export type {
  ClaudeHookEvent,
  RespondInput,
  SessionDeclarationInput,
  ToolCallInput,
  ToolCallResultInput,
} from './routes.ts';

export interface WaitOptions {
  /** Give up at this time (ms since the epoch) and return the last, still `pending`, state. */
  until?: number;
  /** Longest single long-poll, seconds (the relay allows 300). */
  pollSeconds?: number;
  signal?: AbortSignal;
  /** Called with each state still pending, e.g. to show what is being waited for. */
  onPending?: (state: ToolCallState) => void;
  /** The call's input, which a verifying client checks an allow's attestation against. */
  input?: unknown;
}

const HealthBody = z.object({ ok: z.boolean(), service: z.string().optional() });
const InboxBody = z.object({ sessions: z.array(SessionView) });

const seg = encodeURIComponent;

/** A typed client of one relay for one token. Every answer is parsed with the shared contract. */
export function createClient(options: ClientOptions) {
  const http = createTransport(options);
  const toolCallPath = (sessionId: string, toolCallId: string) =>
    `sessions/${seg(sessionId)}/tool-calls/${seg(toolCallId)}`;
  const verifier = options.verify
    ? createVerifier({
        url: options.url,
        store: options.verify === true ? memoryKeyStore() : options.verify,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    : null;
  /** What the caller may obey: with `verify`, an allow whose attestation fails is a deny. */
  const checked = (sessionId: string, toolCallId: string, input: unknown, state: ToolCallState) =>
    verifier ? verifiedState(verifier, { sessionId, toolCallId, input }, state) : state;

  const answer = (request: InteractionAnswerInput) => {
    const { path, body } = answerRoute(request);
    return http.json(Interaction, path, { body });
  };

  const client = {
    /** The API root every path is resolved against. */
    root: http.root,

    /** `GET /healthz` (no token needed; sent anyway). */
    health: async () => {
      const response = await http.send(new URL('/healthz', http.root).href);
      const parsed = HealthBody.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new GatehouseError(response.status, 'invalid_response', 'not a Gatehouse relay');
      return parsed.data;
    },

    /** Evaluate a tool call; with `wait` the relay holds the answer until a human answers or `wait` passes. */
    submit: async (sessionId: string, request: ToolCallInput, signal?: AbortSignal) =>
      checked(
        sessionId,
        request.tool_call_id,
        request.input,
        await http.json(ToolCallState, `sessions/${seg(sessionId)}/tool-calls`, { body: request, signal }),
      ),

    /** One tool call's state; with `wait` (s) a long poll. */
    getToolCall: (sessionId: string, toolCallId: string, wait = 0, signal?: AbortSignal) =>
      http.json(ToolCallState, toolCallPath(sessionId, toolCallId), { query: { wait }, signal }),

    /** Long-poll again and again until the call is final (`allow`/`deny`) or `until` passes. */
    waitFor: async (sessionId: string, toolCallId: string, wait: WaitOptions = {}) => {
      const until = wait.until ?? Number.POSITIVE_INFINITY;
      const pollSeconds = Math.min(wait.pollSeconds ?? 60, limits.waitSeconds);
      for (;;) {
        const left = Math.max(0, Math.floor((until - Date.now()) / 1000));
        const state = await client.getToolCall(
          sessionId,
          toolCallId,
          Math.min(left, pollSeconds),
          wait.signal,
        );
        if (state.outcome !== 'pending') return checked(sessionId, toolCallId, wait.input, state);
        if (Date.now() >= until) return state;
        wait.onPending?.(state);
      }
    },

    /** Withdraw a pending question (the agent stopped waiting): it resolves `canceled`. */
    cancel: (sessionId: string, toolCallId: string) =>
      http.json(ToolCallState, toolCallPath(sessionId, toolCallId), { method: 'DELETE' }),

    /** Report that an allowed call ran (`TOOL_CALL_RESULT`). */
    reportResult: (sessionId: string, toolCallId: string, result: ToolCallResultInput) =>
      http.json(ToolCallState, `${toolCallPath(sessionId, toolCallId)}/result`, { body: result }),

    /** Declare or update the session: title, agent, modes, mode, permissions. */
    declareSession: (sessionId: string, declaration: SessionDeclarationInput) =>
      http.json(SessionView, `sessions/${seg(sessionId)}`, { method: 'PUT', body: declaration }),

    /** Approver: one session's detail. */
    getSession: (sessionId: string) => http.json(SessionView, `sessions/${seg(sessionId)}`),

    /** Approver: every session of the workspace. */
    sessions: async () => (await http.json(SessionList, 'sessions')).sessions,

    /** Approver: sessions with a question waiting, most urgent first. */
    inbox: async () => (await http.json(InboxBody, 'inbox')).sessions,

    /** Approver: answer a session's active interaction (the answer path's one request). */
    answer,

    /** Approver: the same answer in the route's own shape (`interaction_id` and `answer`, as posted). */
    respond: (sessionId: string, body: RespondInput) => answer(answerFromRoute(sessionId, body)),

    /** Approver: a session's event log — a page after `after`, or the newest `tail` events (oldest first). */
    audit: (sessionId: string, query: { after?: number; limit?: number; tail?: number } = {}) =>
      http.json(AuditLog, `sessions/${seg(sessionId)}/audit`, { query }),

    /** A single-use ticket to open a WebSocket with `?ticket=` (browsers cannot send headers on one). */
    wsTicket: () => http.json(WsTicket, 'ws-tickets', { method: 'POST' }),

    /** Approver: switch a session's mode. */
    selectMode: (sessionId: string, mode: string) =>
      http.json(SessionView, `sessions/${seg(sessionId)}/mode`, { method: 'PUT', body: { mode } }),

    /** Admin: the workspace's tokens (never their secrets). */
    tokens: async () => (await http.json(TokenList, 'tokens')).tokens,

    /** Admin: issue a token (shown once). */
    issueToken: (request: TokenRequestInput) => http.json(IssuedToken, 'tokens', { body: request }),

    /** Admin: a single-use pairing code for a browser or phone, with its `/app#pair=` URL. */
    createPairingCode: () => http.json(PairingCode, 'pairing-codes', { method: 'POST' }),

    /**
     * Claude Code's hook JSON to the relay's hook route; the answer is Claude Code's hook JSON,
     * checked against that event's output schema (only the fields the contract names are kept).
     */
    claudeHook: async (event: ClaudeHookEvent, hookInput: unknown, signal?: AbortSignal) => {
      const row = claudeHookEvents.find((candidate) => candidate.route === event);
      if (!row) throw new GatehouseError(0, 'invalid_response', `no hook route ${JSON.stringify(event)}`);
      return http.json(row.answer, `hooks/claude/${event}`, { body: hookInput, signal });
    },

    /**
     * `claudeHook`, with the attestation of its answer: the `Gatehouse-Attestation` header, else
     * (an answer held for a human streams its headers first) null.
     */
    claudeHookAttested: async (event: ClaudeHookEvent, hookInput: unknown, signal?: AbortSignal) => {
      const row = claudeHookEvents.find((candidate) => candidate.route === event);
      if (!row) throw new GatehouseError(0, 'invalid_response', `no hook route ${JSON.stringify(event)}`);
      const response = await http.send(`hooks/claude/${event}`, { body: hookInput, signal });
      const parsed = row.answer.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new GatehouseError(
          response.status,
          'invalid_response',
          `hooks/claude/${event}: the relay's answer does not match the contract`,
        );
      return { answer: parsed.data, attestation: response.headers.get('gatehouse-attestation') };
    },

    /** A session's events, resumed by `seq` across reconnects, as an async iterator. */
    events: (sessionId: string, events: EventsOptions = {}): AsyncGenerator<SessionEvent, void, undefined> =>
      streamEvents(http, `sessions/${seg(sessionId)}/events`, events),
  };
  return client;
}

export type GatehouseClient = ReturnType<typeof createClient>;

/**
 * Trade a single-use pairing code for an approver token (`POST /pair`, no token needed). The
 * code is `CODE` or `workspace.CODE`, as `npm start` prints it and `/app#pair=` carries it.
 */
export function pairWithRelay(options: { url: string; code: string; label?: string; fetch?: typeof fetch }) {
  const http = createTransport({
    url: options.url,
    token: '',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const body: PairInput = {
    code: options.code,
    ...(options.label === undefined ? {} : { label: options.label }),
  };
  return http.json(PairResponse, 'pair', { body });
}
