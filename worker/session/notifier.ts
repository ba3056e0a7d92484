/**
 * Tells the workspace (and through it every open inbox) that this session changed. Changes in
 * quick succession are coalesced and sent one at a time, each with the view as it is when sent,
 * so the inbox never ends on an older view than the session's own. A failure is logged, not
 * thrown: the session's state is already committed, and the next change sends the view again.
 */
export class Notifier {
  readonly #send: () => Promise<void>;
  #dirty = false;
  #running: Promise<void> | null = null;

  constructor(send: () => Promise<void>) {
    this.#send = send;
  }

  /** Resolves once a view that includes every change made before this call has been sent. */
  notify(): Promise<void> {
    this.#dirty = true;
    this.#running ??= this.#drain();
    return this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#dirty) {
        this.#dirty = false;
        try {
          await this.#send();
        } catch (error) {
          console.warn('session change not delivered to the workspace', error);
        }
      }
    } finally {
      this.#running = null;
    }
  }
}
