/**
 * Fixed one-minute windows. A fixed window lets a client spend up to twice the limit across a
 * window boundary; that is the accepted price of one counter per key.
 *
 * Two places count: the workspace's SQLite (`WorkspaceStore.hit`) for pairing attempts, which
 * guard a short code against guessing and so must hold across the object's evictions; and
 * `RequestWindows`, in memory, for bearer requests per token, which run on every request and
 * must not cost a storage write each (a write holds the answer until it is durable).
 */
export const windowMs = 60_000;

export const defaultRequestsPerMinute = 1200;

/** Bearer requests per token per minute: `GATEHOUSE_RATE_LIMIT_PER_MINUTE`, else the default. */
export function requestsPerMinute(configured: string | undefined): number {
  const value = Number(configured);
  return Number.isInteger(value) && value > 0 ? value : defaultRequestsPerMinute;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Where hits are counted: returns the hits in `key`'s window starting at `windowStart`, this one included. */
export interface HitCounter {
  hit(key: string, windowStart: number): number;
}

/** Counts one hit for `key`; refused once the window holds more than `limit`. */
export function countHit(counter: HitCounter, key: string, limit: number, now: number): RateVerdict {
  const windowStart = now - (now % windowMs);
  const hits = counter.hit(key, windowStart);
  if (hits <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/**
 * Windows kept in the object's memory. They reset when the object is evicted (idle, hibernated
 * with only inbox sockets open, or restarted): a client that keeps a workspace busy keeps its
 * counts, and an evicted object can at most let one extra window's worth through.
 */
export class RequestWindows implements HitCounter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  /** Counts `count` hits at once: a Worker reports the requests it served from a remembered check. */
  hit(key: string, windowStart: number, count = 1): number {
    const window = this.#windows.get(key);
    if (window?.start === windowStart) {
      window.count += count;
      return window.count;
    }
    this.#windows.set(key, { start: windowStart, count });
    return count;
  }

  /** The hits counted in `key`'s window starting at `windowStart`. */
  count(key: string, windowStart: number): number {
    const window = this.#windows.get(key);
    return window?.start === windowStart ? window.count : 0;
  }

  /** Sets a window's count outright (what a test uses to exhaust a limit without a minute of requests). */
  set(key: string, windowStart: number, count: number): void {
    this.#windows.set(key, { start: windowStart, count });
  }

  /** Forgets windows that started before `before`. */
  prune(before: number): void {
    for (const [key, window] of this.#windows) if (window.start < before) this.#windows.delete(key);
  }

  get size(): number {
    return this.#windows.size;
  }
}
