import type { ErrorCode } from '../../shared/contract/index.ts';

/**
 * What a Durable Object's RPC method answers (SessionDO, WorkspaceDO). A refusal travels as data,
 * not as a thrown error: RPC keeps only an error's message, and the route needs the status, code and current state to
 * render the JSON error a client can act on (e.g. a 409 carrying the interaction's state).
 */
export type Refusal = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 410 | 429;
  code: ErrorCode;
  message: string;
  details?: unknown;
};
export type Result<T> = { ok: true; value: T } | Refusal;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

const refusal =
  (status: Refusal['status'], code: ErrorCode) =>
  (message: string, details?: unknown): Refusal =>
    details === undefined
      ? { ok: false, status, code, message }
      : { ok: false, status, code, message, details };

export const refuse = {
  badRequest: refusal(400, 'invalid_request'),
  forbidden: refusal(403, 'forbidden'),
  notFound: refusal(404, 'not_found'),
  conflict: refusal(409, 'conflict'),
  expired: refusal(410, 'expired'),
  rateLimited: refusal(429, 'rate_limited'),
};
