import { env, exports } from 'cloudflare:workers';
import type { Role, SessionEvent, ToolCallState } from '../../shared/contract/index.ts';
import { sessionObjectName } from '../../worker/rpc.ts';

/** The bootstrap admin token of workspace `default` (vitest.config.ts binds it). */
export const bootstrapToken = 'test-admin-token-0123456789abcdef';

export interface CallOptions {
  method?: string;
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request to the relay as a client makes it; `body` is sent as JSON unless it is a string. */
export function api(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  return exports.default.fetch(`http://relay/api/v1${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
}

/** Like `api`, but the response must have `status`; returns its JSON. */
export async function expectJson<T = unknown>(
  status: number,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const res = await api(path, options);
  const text = await res.text();
  if (res.status !== status) {
    throw new Error(`${options.method ?? 'GET'} ${path}: expected ${status}, got ${res.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export async function issueToken(
  role: Role,
  adminToken = bootstrapToken,
): Promise<{ id: string; token: string }> {
  return expectJson(201, '/tokens', { token: adminToken, body: { role, label: `${role} for tests` } });
}

export async function newWorkspace(): Promise<{ workspaceId: string; token: string }> {
  return expectJson(201, '/workspaces', { token: bootstrapToken, method: 'POST' });
}

/** Tokens of every role in one workspace. */
export interface Team {
  workspaceId: string;
  admin: string;
  agent: string;
  approver: string;
}

export async function team(): Promise<Team> {
  const { workspaceId, token: admin } = await newWorkspace();
  const [agent, approver] = await Promise.all([issueToken('agent', admin), issueToken('approver', admin)]);
  return { workspaceId, admin, agent: agent.token, approver: approver.token };
}

let counter = 0;
/** A fresh id, unique within the test file. */
export const uid = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A call the default plan asks about (exec, not read-only). */
export const askingCall = (id: string, command = `npm install left-pad-${id}`) => ({
  tool_call_id: id,
  tool: 'Bash',
  input: { command },
});

/** A call the read fast path allows. */
export const readingCall = (id: string) => ({
  tool_call_id: id,
  tool: 'Read',
  input: { file_path: 'README.md' },
});

export function submit(
  team: Team,
  sessionId: string,
  call: object,
  token = team.agent,
): Promise<ToolCallState> {
  return expectJson<ToolCallState>(200, `/sessions/${sessionId}/tool-calls`, { token, body: call });
}

export function answer(
  team: Team,
  sessionId: string,
  interactionId: string,
  decision: 'approve' | 'reject' = 'approve',
  extra: { scope?: 'once' | 'session' | 'global'; comment?: string } = {},
): Promise<Response> {
  return api(`/sessions/${sessionId}/interaction-respond`, {
    token: team.approver,
    body: { interaction_id: interactionId, answer: { decision, ...extra } },
  });
}

export async function auditEvents(team: Team, sessionId: string): Promise<SessionEvent[]> {
  const { events } = await expectJson<{ events: SessionEvent[] }>(200, `/sessions/${sessionId}/audit`, {
    token: team.approver,
  });
  return events;
}

/** The session's Durable Object, for `runInDurableObject` / `runDurableObjectAlarm`. */
export const sessionStub = (workspaceId: string, sessionId: string) =>
  env.SESSION.getByName(sessionObjectName(workspaceId, sessionId));

/** Reads SSE frames from a response until `count` events arrived (or `ms` passed). */
export async function readSse(res: Response, count: number, ms = 5000): Promise<SessionEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SessionEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (events.length < count && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now()))),
      ]);
      if (chunk === null || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) {
          const event = JSON.parse(data) as SessionEvent;
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const name = /^event: (.+)$/m.exec(frame)?.[1];
          if (Number(id) !== event.seq || name !== event.name)
            throw new Error(`frame disagrees with data: ${frame}`);
          events.push(event);
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  // A chunk may carry more frames than asked for; the caller asked for exactly `count`.
  return events.slice(0, count);
}
