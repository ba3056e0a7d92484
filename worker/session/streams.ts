import type { SessionEvent } from '../../shared/contract/index.ts';

const encoder = new TextEncoder();
/** Comments keep proxies from closing an idle stream; clients ignore them. */
const heartbeatMs = 15_000;
/** A reader this far behind is gone or stuck; it is dropped rather than buffered forever. */
const maxQueuedFrames = 10_000;
const replayChunkChars = 256 * 1024;
export const eventSocketTag = 'events';

/** One SSE frame: `id` is the event's seq, so `Last-Event-ID` is the resume point. */
export const sseFrame = (event: SessionEvent) =>
  `id: ${event.seq}\nevent: ${event.name}\ndata: ${JSON.stringify(event)}\n\n`;

interface SseSubscriber {
  writer: WritableStreamDefaultWriter<Uint8Array>;
  lastSeq: number;
  queued: number;
  heartbeat: ReturnType<typeof setInterval>;
}

/**
 * Live readers of a session's events: SSE streams (held in memory while open) and hibernating
 * WebSockets (held by the runtime, found again by tag after the object wakes up). Replay and
 * subscription happen in one synchronous turn with event appends, so a reader sees every event
 * after its resume point exactly once.
 */
export class EventHub {
  readonly #ctx: DurableObjectState;
  readonly #sse = new Set<SseSubscriber>();

  constructor(ctx: DurableObjectState) {
    this.#ctx = ctx;
  }

  openSse(replay: Iterable<SessionEvent>, after: number): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, undefined, {
      highWaterMark: maxQueuedFrames,
    });
    const subscriber: SseSubscriber = {
      writer: writable.getWriter(),
      lastSeq: after,
      queued: 0,
      heartbeat: setInterval(() => this.#write(subscriber, ': keepalive\n\n'), heartbeatMs),
    };
    this.#sse.add(subscriber);
    subscriber.writer.closed.catch(() => this.#drop(subscriber));
    // Tell EventSource how soon to reconnect; it resends `Last-Event-ID` when it does. The
    // replay goes out in large chunks, so a long log is a few writes, not one per event.
    let chunk = 'retry: 2000\n\n';
    for (const event of replay) {
      if (event.seq <= subscriber.lastSeq) continue;
      subscriber.lastSeq = event.seq;
      chunk += sseFrame(event);
      if (chunk.length >= replayChunkChars) {
        this.#write(subscriber, chunk);
        chunk = '';
      }
    }
    if (chunk) this.#write(subscriber, chunk);
    return new Response(readable, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  }

  acceptSocket(socket: WebSocket, replay: Iterable<SessionEvent>): void {
    this.#ctx.acceptWebSocket(socket, [eventSocketTag]);
    for (const event of replay) socket.send(JSON.stringify(event));
  }

  publish(event: SessionEvent): void {
    for (const subscriber of this.#sse) this.#send(subscriber, event);
    const frame = JSON.stringify(event);
    for (const socket of this.#ctx.getWebSockets(eventSocketTag)) {
      try {
        socket.send(frame);
      } catch {
        // A socket that is closing; its close handler cleans up.
      }
    }
  }

  get sseCount(): number {
    return this.#sse.size;
  }

  #send(subscriber: SseSubscriber, event: SessionEvent): void {
    if (event.seq <= subscriber.lastSeq) return;
    subscriber.lastSeq = event.seq;
    this.#write(subscriber, sseFrame(event));
  }

  #write(subscriber: SseSubscriber, text: string): void {
    if (!this.#sse.has(subscriber)) return;
    if (subscriber.queued >= maxQueuedFrames) {
      this.#drop(subscriber);
      return;
    }
    subscriber.queued++;
    subscriber.writer.write(encoder.encode(text)).then(
      () => {
        subscriber.queued--;
      },
      () => this.#drop(subscriber),
    );
  }

  #drop(subscriber: SseSubscriber): void {
    if (!this.#sse.delete(subscriber)) return;
    clearInterval(subscriber.heartbeat);
    subscriber.writer.abort().catch(() => {});
  }
}
