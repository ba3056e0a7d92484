import type { GlobalGrantRequest } from '../rpc.ts';
import type { SessionStore } from './storage.ts';

/** An "always allow" that cannot reach the workspace is retried with backoff, this many times. */
const maxAttempts = 20;
const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** attempts, 10 * 60_000);

/**
 * Carries "always allow" answers to the workspace. The answer itself is committed first (with
 * the grant in an outbox table, in the same transaction), so a workspace that cannot be
 * reached delays the grant, never the answer; the alarm retries. One delivery runs at a time,
 * so a grant is never sent twice concurrently.
 */
export class GrantDelivery {
  readonly #store: SessionStore;
  readonly #send: (grant: GlobalGrantRequest) => Promise<void>;
  readonly #delivered: () => void;
  #running: Promise<void> = Promise.resolve();

  constructor(options: {
    store: SessionStore;
    send: (grant: GlobalGrantRequest) => Promise<void>;
    /** Called after each grant reached the workspace (its policy changed). */
    delivered: () => void;
  }) {
    this.#store = options.store;
    this.#send = options.send;
    this.#delivered = options.delivered;
  }

  /** Sends every grant that is due; never rejects. */
  deliver(): Promise<void> {
    this.#running = this.#running.then(() => this.#deliverDue());
    return this.#running;
  }

  async #deliverDue(): Promise<void> {
    try {
      for (const { grant, attempts } of this.#store.pendingGlobalGrants(Date.now())) {
        try {
          await this.#send(grant);
          this.#store.globalGrantDelivered(grant.interactionId);
          this.#delivered();
        } catch (error) {
          if (attempts + 1 >= maxAttempts) {
            console.error('giving up on an always-allow grant', grant.interactionId, error);
            this.#store.globalGrantDelivered(grant.interactionId);
          } else {
            console.warn('always-allow grant not delivered; will retry', error);
            this.#store.globalGrantFailed(grant.interactionId, Date.now() + backoffMs(attempts));
          }
        }
      }
    } catch (error) {
      console.error('global grant delivery failed', error);
    }
  }
}
