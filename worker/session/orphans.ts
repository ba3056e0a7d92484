/**
 * How long a question whose waiting client went away stays open, so a long-poll client that
 * re-polls at once (a reconnect, the SDK's next poll) finds it still asked.
 */
export const orphanGraceMs = 1000;

/**
 * Questions nobody waits for any more, each withdrawn when its grace ends unless someone waits
 * on it again first (`keep`). In memory only: a restarted object has no waiting clients, and its
 * questions end as they always did, by answer or expiry.
 */
export class Orphans {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #graceMs: number;

  constructor(graceMs: number) {
    this.#graceMs = graceMs;
  }

  /** After the grace, `withdraw` runs (it checks again that nobody waits). */
  schedule(toolCallId: string, withdraw: () => void): void {
    this.keep(toolCallId);
    this.#timers.set(
      toolCallId,
      setTimeout(() => {
        this.#timers.delete(toolCallId);
        withdraw();
      }, this.#graceMs),
    );
  }

  /** Someone waits on the call again: no withdrawal. */
  keep(toolCallId: string): void {
    const timer = this.#timers.get(toolCallId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#timers.delete(toolCallId);
  }
}
