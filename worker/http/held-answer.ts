import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { ApiError, errorBody } from '../common/errors.ts';

/**
 * How often a held answer writes a whitespace heartbeat; the first write that fails means the
 * client left. 0.25 s keeps the withdrawal within 2 s under wrangler dev, whose proxy notices a
 * closed client later than workerd does (test/bench/client-left.ts).
 */
export const heartbeatMs = 250;

const space = new TextEncoder().encode(' ');

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** An error after the status went out: its body still says what went wrong (the status cannot). */
function lateError(error: unknown) {
  if (error instanceof ApiError) return errorBody(error.code, error.message, error.details);
  console.error('a held answer failed after its status was sent', error);
  return errorBody('internal', 'internal error');
}

/**
 * The answer to a request that may wait for a human (a hook, a tool call's long poll), which
 * must also notice its client going away. An answer ready within a heartbeat
 * is plain JSON. Otherwise the status is committed (200) and the body streams: a space every
 * `heartbeatMs` — JSON parsers, Claude Code's included, skip leading whitespace — then the JSON.
 * The first heartbeat that cannot be written, or the request's abort signal, calls `left` once.
 * The heartbeat is what notices: the abort signal never fired while the answer was pending,
 * under `wrangler dev` (its proxy does not pass the disconnect on) nor on bare workerd without
 * the `enable_request_signal` flag; it is listened to for runtimes where it does.
 * `content-encoding: identity` keeps the runtime from compressing, and so buffering, the
 * heartbeats (TOOLCHAIN.md, "Noticing that a waiting client went away").
 */
export async function heldAnswer<T, Body>(
  c: Context,
  options: {
    answer: Promise<T>;
    render: (value: T) => Body;
    left: () => Promise<unknown>;
    /**
     * Response headers that depend on the answer (e.g. `Gatehouse-Attestation`). Sent only with
     * an answer ready within a heartbeat: a held answer's headers went out before it was known.
     */
    headers?: (value: T) => Record<string, string>;
  },
): Promise<TypedResponse<JSONParsed<Body>, 200, 'json'>> {
  const settled: Promise<Settled<T>> = options.answer.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const firstBeat = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), heartbeatMs);
  });
  const early = await Promise.race([settled, firstBeat]);
  clearTimeout(timer);
  if (early) {
    if (!early.ok) throw early.error;
    return c.json(options.render(early.value) as never, 200, options.headers?.(early.value)) as never;
  }

  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let gone = false;
  const leave = () => {
    if (gone) return;
    gone = true;
    clearInterval(beat);
    c.executionCtx.waitUntil(
      options.left().catch((error) => console.warn('could not tell the session its client left', error)),
    );
  };
  const beat = setInterval(() => void writer.write(space).catch(leave), heartbeatMs);
  void writer.write(space).catch(leave);
  const signal = c.req.raw.signal;
  if (signal?.aborted) leave();
  else signal?.addEventListener('abort', leave);
  const finished = settled.then(async (result) => {
    clearInterval(beat);
    if (gone) return;
    const body = result.ok ? options.render(result.value) : lateError(result.error);
    try {
      await writer.write(new TextEncoder().encode(JSON.stringify(body)));
      await writer.close();
    } catch {
      leave();
    }
  });
  c.executionCtx.waitUntil(finished);
  // The body is the rendered JSON after leading whitespace: the route's declared answer.
  return new Response(readable, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'content-encoding': 'identity',
      'cache-control': 'no-store',
    },
  }) as unknown as TypedResponse<JSONParsed<Body>, 200, 'json'>;
}
