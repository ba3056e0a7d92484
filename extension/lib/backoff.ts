/** Exponential backoff between reconnects, in milliseconds. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const defaultBackoff: Backoff = { initialMs: 1000, maxMs: 30_000 };

/**
 * The wait before reconnect number `failures` (0 = first): doubling from `initialMs` up to
 * `maxMs`, then "equal jitter" — a uniform half to whole of it — so many browsers that lost the
 * same relay do not all come back in the same instant, and none waits less than half the step.
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number): number {
  const step = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures, 30));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}
