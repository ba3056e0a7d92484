import { SessionEvent } from '../../shared/contract/index.ts';
import { GatehouseError } from './errors.ts';
import type { Transport } from './http.ts';
import { parseServerSentEvents } from './sse.ts';

export interface EventsOptions {
  /** Resume after this `seq` (0: from the start of the log). */
  after?: number;
  /** Stops the stream; the iterator then ends without an error. */
  signal?: AbortSignal;
  /** Reconnect (resuming after the last `seq` seen) when the stream drops or the relay is down. Default true. */
  reconnect?: boolean;
  /** Delay before a reconnect, ms (the relay's `retry` is 2000). */
  retryMs?: number;
}

const knownNames = new Set<string>(SessionEvent.options.map((option) => option.shape.name.value));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });

/**
 * SSE from `/sessions/{sid}/events`, each event validated with the contract. Unknown event
 * names are skipped (old clients ignore new events, DESIGN §4); a known event that does not
 * parse is an error. A dropped connection resumes with `Last-Event-ID` = the last `seq`, so
 * nothing is repeated or lost.
 */
export async function* streamEvents(
  http: Transport,
  path: string,
  options: EventsOptions,
): AsyncGenerator<SessionEvent, void, undefined> {
  let after = options.after ?? 0;
  const { signal } = options;
  while (!signal?.aborted) {
    try {
      const response = await http.send(path, {
        headers: { accept: 'text/event-stream', 'last-event-id': String(after) },
        signal,
      });
      if (!response.body)
        throw new GatehouseError(response.status, 'invalid_response', 'event stream without a body');
      for await (const message of parseServerSentEvents(response.body)) {
        if (!knownNames.has(message.event)) continue;
        let json: unknown;
        try {
          json = JSON.parse(message.data);
        } catch {
          throw new GatehouseError(200, 'invalid_response', `event ${message.id ?? '?'} is not JSON`);
        }
        const parsed = SessionEvent.safeParse(json);
        if (!parsed.success) {
          throw new GatehouseError(
            200,
            'invalid_response',
            `event ${message.id ?? '?'} does not match the contract`,
            parsed.error.issues,
          );
        }
        if (parsed.data.seq <= after) continue;
        after = parsed.data.seq;
        yield parsed.data;
      }
    } catch (error) {
      if (signal?.aborted) return;
      const retriable =
        error instanceof GatehouseError && error.relayFailed && error.code !== 'invalid_response';
      const dropped = !(error instanceof GatehouseError);
      if (!(retriable || dropped) || options.reconnect === false) throw error;
    }
    if (options.reconnect === false) return;
    await sleep(options.retryMs ?? 2000, signal);
  }
}
