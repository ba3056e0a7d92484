/** How a wait ended: the call was resolved, the time ran out, or the waiting client went away. */
export type WaitEnd = 'resolved' | 'timeout' | 'left';

interface Waiter {
  readonly waitId: string | undefined;
  readonly end: (how: WaitEnd) => void;
}

/**
 * Agents holding a request open until their tool call is resolved (`wait` / `?wait=N`, the
 * hooks). They live in memory only: when the object restarts they are gone and the agent simply
 * asks again (every tool call's state is in storage), which is why nothing here is persisted.
 * A wait may carry an id, so the Worker can say that its client went away (`leave`).
 */
export class Waiters {
  readonly #byToolCall = new Map<string, Set<Waiter>>();

  /** Resolves how the wait ended; `timeout` when `ms` pass first. */
  wait(toolCallId: string, ms: number, waitId?: string): Promise<WaitEnd> {
    if (ms <= 0) return Promise.resolve('timeout');
    return new Promise((resolve) => {
      const waiters = this.#byToolCall.get(toolCallId) ?? new Set();
      this.#byToolCall.set(toolCallId, waiters);
      const waiter: Waiter = { waitId, end: (how) => done(how) };
      const done = (how: WaitEnd) => {
        clearTimeout(timer);
        if (!waiters.delete(waiter)) return;
        if (waiters.size === 0 && this.#byToolCall.get(toolCallId) === waiters)
          this.#byToolCall.delete(toolCallId);
        resolve(how);
      };
      const timer = setTimeout(() => done('timeout'), ms);
      waiters.add(waiter);
    });
  }

  /** Called the moment a resolution is written. */
  wake(toolCallId: string): void {
    for (const waiter of [...(this.#byToolCall.get(toolCallId) ?? [])]) waiter.end('resolved');
  }

  /** The client of wait `waitId` went away: that wait ends now. True if it was waiting. */
  leave(toolCallId: string, waitId: string): boolean {
    const waiter = [...(this.#byToolCall.get(toolCallId) ?? [])].find((w) => w.waitId === waitId);
    waiter?.end('left');
    return waiter !== undefined;
  }

  /** How many requests wait on one call. */
  waiting(toolCallId: string): number {
    return this.#byToolCall.get(toolCallId)?.size ?? 0;
  }

  get size(): number {
    let n = 0;
    for (const waiters of this.#byToolCall.values()) n += waiters.size;
    return n;
  }
}
