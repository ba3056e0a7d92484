import type { Principal } from './principal.ts';
import { windowMs } from './rate-limit.ts';

/**
 * How long a Worker isolate may reuse a credential check on the agent's hot path. Checking a
 * bearer token is a round trip to the WorkspaceDO — on a local workerd about as costly as the
 * tool call's own evaluation — and an agent sends many calls in a burst. Reuse is bounded so that
 * what a check stands for stays current: a revoked token, a permission change or a new "always
 * allow" is seen at once by the isolate that made it (it forgets its checks of the workspace) and
 * within this long by every other isolate.
 */
export const credentialReuseMs = 1000;

/** Credentials remembered at most; the oldest is forgotten first. */
const capacity = 1024;

/** Requests served from a remembered check that the workspace has not counted yet. */
export interface ServedLocally {
  count: number;
  /** The rate window they were served in (rate-limit.ts); counted only within it. */
  windowStart: number;
}

/** A fresh check's answer: who the credential is, and how many more requests its window allows. */
export interface Check {
  principal: Principal;
  allowance: { requests: number; windowStart: number };
}

interface Remembered {
  readonly principal: Principal;
  until: number;
  readonly requests: number;
  readonly windowStart: number;
  served: number;
}

/**
 * Successful credential checks of this isolate, each reused until it is `credentialReuseMs` old,
 * its rate window ends, or the requests its window allowed are spent here. Requests served from a
 * check are reported with the next check (`settle`), so the per-token rate limit counts every
 * request: exactly within one isolate, and across isolates up to what each was allowed when it
 * last checked. Failed checks are never remembered.
 */
export class CredentialCache {
  readonly #entries = new Map<string, Remembered>();

  /** The principal of a credential checked a moment ago with requests left, counting this one; else null. */
  use(bearer: string, now: number): Principal | null {
    const entry = this.#entries.get(bearer);
    if (!entry || now >= entry.until || entry.served >= entry.requests) return null;
    entry.served += 1;
    return entry.principal;
  }

  /** Forgets a credential's check and returns what was served from it, for the next check to report. */
  settle(bearer: string): ServedLocally | undefined {
    const entry = this.#entries.get(bearer);
    if (!entry) return undefined;
    this.#entries.delete(bearer);
    return entry.served > 0 ? { count: entry.served, windowStart: entry.windowStart } : undefined;
  }

  remember(bearer: string, check: Check, now: number): void {
    const { requests, windowStart } = check.allowance;
    if (requests <= 0) return;
    if (!this.#entries.has(bearer) && this.#entries.size >= capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(bearer, {
      principal: check.principal,
      until: Math.min(now + credentialReuseMs, windowStart + windowMs),
      requests,
      windowStart,
      served: 0,
    });
  }

  /**
   * Ends reuse of every check of a workspace (its tokens, permissions or grants just changed), but
   * keeps what was served from them, so the next check still reports it.
   */
  expireWorkspace(workspaceId: string): void {
    for (const entry of this.#entries.values()) {
      if (entry.principal.workspaceId === workspaceId) entry.until = 0;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
