import { exports } from 'cloudflare:workers';

/** The bootstrap admin token the worker test project binds (vitest.config.ts). */
export const bootstrapToken = 'test-admin-token-0123456789abcdef';

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * The first request of a test file loads the whole Worker (seconds, under the test runner);
 * a `beforeAll(warmUp)` keeps that out of the first test's time budget.
 */
export async function warmUp(): Promise<void> {
  await exports.default.fetch('http://relay/healthz');
}

/** One request to the relay's API, as a client would send it. */
export function api(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return exports.default.fetch(`http://relay/api/v1${path}`, { method, headers, body });
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Issues a token of `role` in the workspace of `adminToken` and returns the secret. */
export async function issue(
  role: 'agent' | 'approver' | 'admin',
  adminToken = bootstrapToken,
  label?: string,
) {
  const res = await api('POST', '/tokens', { token: adminToken, body: { role, label } });
  if (res.status !== 201) throw new Error(`issuing a ${role} token: ${res.status} ${await res.text()}`);
  return json<{ id: string; role: string; token: string; label: string | null }>(res);
}

/** A fresh workspace and its admin token. */
export async function newWorkspace() {
  const res = await api('POST', '/workspaces', { token: bootstrapToken });
  if (res.status !== 201) throw new Error(`creating a workspace: ${res.status} ${await res.text()}`);
  return json<{ workspaceId: string; tokenId: string; token: string }>(res);
}

/** A session view as a SessionDO would report it; `risk`/`createdAt` set an active interaction. */
export function sessionView(
  sessionId: string,
  active?: { risk: 'safe' | 'low' | 'medium' | 'high' | 'critical'; createdAt: string },
) {
  const now = '2026-11-29T12:00:00.000Z';
  return {
    sessionId,
    title: `session ${sessionId}`,
    agent: 'claude-code',
    mode: 'default',
    engineMode: 'default' as const,
    modes: [],
    activeInteraction: active
      ? {
          interactionId: `ia-${sessionId}`,
          sessionId,
          toolCallId: `tc-${sessionId}`,
          tool: 'Bash',
          input: { command: 'git push' },
          decision: {
            toolCallId: `tc-${sessionId}`,
            behavior: 'ask' as const,
            source: 'policy' as const,
            reason: 'needs a human',
            reasonCode: 'default_ask',
            risk: active.risk,
          },
          actions: [],
          state: 'active' as const,
          queuePosition: 0,
          createdAt: active.createdAt,
          expiresAt: null,
        }
      : null,
    queueLength: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** Collects a WebSocket's text messages as parsed JSON, and waits for the next ones. */
export function messageQueue(socket: WebSocket) {
  const received: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  socket.addEventListener('message', (event) => {
    // `pong` is the runtime's auto-response to `ping`, not an inbox message.
    if (event.data === 'pong') return;
    const value = JSON.parse(String(event.data)) as unknown;
    const resolve = waiting.shift();
    if (resolve) resolve(value);
    else received.push(value);
  });
  return {
    next(timeoutMs = 2000): Promise<Record<string, unknown>> {
      if (received.length > 0) return Promise.resolve(received.shift() as Record<string, unknown>);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no WebSocket message in time')), timeoutMs);
        waiting.push((value) => {
          clearTimeout(timer);
          resolve(value as Record<string, unknown>);
        });
      });
    },
    get pending() {
      return received.length;
    },
  };
}
