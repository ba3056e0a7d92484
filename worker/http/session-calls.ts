import type { Context } from 'hono';
import { ApiError } from '../common/errors.ts';
import type { Result } from '../common/result.ts';
import { type SessionCaller, type SessionRpc, sessionStub } from '../rpc.ts';
import type { AppEnv } from './app-env.ts';

/**
 * The caller as the session sees it. Whether the caller may reach the session at all (an agent
 * token only its own, DESIGN §3) the session decides, on every request: see
 * `worker/session/ownership.ts`.
 */
export function callerOf(c: Context<AppEnv>, sessionId: string): SessionCaller {
  const principal = c.var.principal;
  return {
    workspaceId: principal.workspaceId,
    sessionId,
    policyVersion: principal.policyVersion,
    actor: principal.role,
    tokenId: principal.tokenId,
    ...(principal.label === undefined ? {} : { label: principal.label }),
    issuer: c.env.GATEHOUSE_PUBLIC_URL?.replace(/\/+$/, '') || new URL(c.req.url).origin,
  };
}

/** One object per session, named by workspace and session: another workspace's token finds nothing. */
export const sessionOf = (c: Context<AppEnv>, caller: SessionCaller) => sessionStub(c.env, caller);

export type SessionStub = SessionRpc;

/** A session's refusal → the JSON error (status, code, current state in `details`). */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.status, result.code, result.message, result.details);
}

/**
 * One session RPC that may hold on up to `waitSeconds` for a human (a tool call's long poll, a
 * hook). A session object that restarts while its caller waits loses its in-memory waiters and
 * breaks the stub, so the same call is made once more on a fresh stub, without waiting: every
 * such call is idempotent by its tool call id, and the stored state — `pending` if still
 * unanswered — is the answer (the agent polls again; a hook asks Claude Code's prompt or denies).
 */
export async function heldOnReset<T>(
  open: () => SessionStub,
  call: (session: SessionStub, waitSeconds: number) => Promise<T>,
  waitSeconds: number,
): Promise<T> {
  try {
    return await call(open(), waitSeconds);
  } catch (error) {
    console.warn('session object reset while waiting; answering its stored state', error);
    return call(open(), 0);
  }
}
