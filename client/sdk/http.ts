import type { z } from 'zod';
import { errorFromResponse, GatehouseError } from './errors.ts';

export interface ClientOptions {
  /** The relay's origin, e.g. `http://127.0.0.1:8787` (a trailing `/api/v1` is accepted too). */
  url: string;
  /** An agent, approver or admin token. */
  token: string;
  /** Defaults to the global `fetch`; pass one to run anywhere (workers, tests). */
  fetch?: typeof fetch;
  /**
   * Check every allow's attestation before returning it (docs/attestation.md): `true` keeps the
   * relay's keys in memory from first use; a `KeyStore` supplies pinned ones. A failed check is
   * returned as a deny that says why.
   */
  verify?: boolean | import('./verify.ts').KeyStore;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** The relay's `/api/v1` root for a URL a user typed (origin or API root, trailing slash or not). */
export function apiRoot(url: string): URL {
  const base = new URL(url);
  const path = base.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return new URL(`${base.origin}${path}/api/v1/`);
}

export type Transport = ReturnType<typeof createTransport>;

/** Authenticated JSON requests whose answers are parsed with the contract's schemas (the relay is untrusted too). */
export function createTransport(options: ClientOptions) {
  const root = apiRoot(options.url);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function send(path: string, init: RequestOptions = {}): Promise<Response> {
    const url = new URL(path.replace(/^\//, ''), root);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    // No token (pairing, health): no Authorization header at all rather than an empty one.
    const headers: Record<string, string> = {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason ?? error;
      const reason =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
      throw new GatehouseError(0, 'unreachable', `relay unreachable at ${root.origin}: ${reason}`, {
        reason,
      });
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }

  async function json<S extends z.ZodType>(
    schema: S,
    path: string,
    init?: RequestOptions,
  ): Promise<z.output<S>> {
    const response = await send(path, init);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GatehouseError(
        response.status,
        'invalid_response',
        `${path}: the relay answered something that is not JSON`,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GatehouseError(
        response.status,
        'invalid_response',
        `${path}: the relay's answer does not match the contract`,
        parsed.error.issues,
      );
    }
    return parsed.data;
  }

  return { root, send, json };
}
