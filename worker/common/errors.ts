import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../../shared/contract/index.ts';

/**
 * The one way a handler reports a client's mistake: throw an `ApiError`; `onError` renders it
 * as `{error: {code, message, details?}}` with its status. Anything else thrown is a bug and
 * becomes a 500 without leaking its message.
 */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly details: unknown;
  /** Response headers the error needs, e.g. `Retry-After` on a 429. */
  readonly headers: Record<string, string>;
  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    details?: unknown,
    headers: Record<string, string> = {},
  ) {
    super(status, { message });
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, 'invalid_request', message, details);
export const unauthorized = (message = 'a valid bearer token is required') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new ApiError(409, 'conflict', message, details);
export const expired = (message: string, details?: unknown) => new ApiError(410, 'expired', message, details);
export const tooLarge = (message: string) => new ApiError(413, 'payload_too_large', message);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new ApiError(
    429,
    'rate_limited',
    message,
    undefined,
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
  );

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'expired',
  413: 'payload_too_large',
  429: 'rate_limited',
};

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** `app.onError`: the single place errors become responses. */
export function renderError(err: Error, c: Context): Response {
  if (err instanceof ApiError)
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  if (err instanceof HTTPException) {
    const code = codeByStatus[err.status] ?? 'invalid_request';
    return c.json(errorBody(code, err.message || code), err.status);
  }
  console.error('unhandled error', err);
  return c.json(errorBody('internal', 'internal error'), 500);
}
