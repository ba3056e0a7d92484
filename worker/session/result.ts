import type { ErrorCode } from '../../shared/contract/index.ts';
import type { Refusal, Result } from '../rpc.ts';

export type { Refusal, Result } from '../rpc.ts';

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
