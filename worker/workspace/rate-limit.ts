import type { WorkspaceStore } from './store.ts';

/**
 * Fixed one-minute windows counted in the workspace's storage, so a limit holds across the
 * object's evictions and hibernation. A fixed window lets a client spend up to twice the limit
 * across a window boundary; that is the accepted price of one row per key.
 */
export const windowMs = 60_000;

export const defaultRequestsPerMinute = 1200;

/** Bearer requests per token per minute: `GATEHOUSE_RATE_LIMIT_PER_MINUTE`, else the default. */
export function requestsPerMinute(configured: string | undefined): number {
  const value = Number(configured);
  return Number.isInteger(value) && value > 0 ? value : defaultRequestsPerMinute;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one hit for `key`; refused once the window holds more than `limit`. */
export function countHit(store: WorkspaceStore, key: string, limit: number, now: number): RateVerdict {
  const windowStart = now - (now % windowMs);
  const hits = store.hit(key, windowStart);
  if (hits <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}
