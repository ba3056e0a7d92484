/**
 * Agents holding a request open until their tool call is resolved (`wait` / `?wait=N`). They
 * live in memory only: when the object restarts they are gone and the agent simply asks again
 * (every tool call's state is in storage), which is why nothing here is persisted.
 */
export class Waiters {
  readonly #byToolCall = new Map<string, Set<() => void>>();

  /** Resolves `true` when the call is resolved, `false` when `ms` pass first. */
  wait(toolCallId: string, ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiters = this.#byToolCall.get(toolCallId) ?? new Set();
      this.#byToolCall.set(toolCallId, waiters);
      const done = (woken: boolean) => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.#byToolCall.get(toolCallId) === waiters)
          this.#byToolCall.delete(toolCallId);
        resolve(woken);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      waiters.add(wake);
    });
  }

  /** Called the moment a resolution is written. */
  wake(toolCallId: string): void {
    for (const wake of [...(this.#byToolCall.get(toolCallId) ?? [])]) wake();
  }

  get size(): number {
    let n = 0;
    for (const waiters of this.#byToolCall.values()) n += waiters.size;
    return n;
  }
}
