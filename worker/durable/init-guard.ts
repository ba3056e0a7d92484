/**
 * The one initialisation guard of both Durable Objects (STYLE.md, after partyserver): every entry
 * point awaits `ready()` first, and the object's setup (schema migrations, auto-responses, what
 * it reads of itself) runs once, `zero → starting → started`, under `blockConcurrencyWhile` so no
 * request, alarm or socket event sees a half-made object. A failing setup is caught inside and
 * rethrown outside `blockConcurrencyWhile`: a throw inside would reset the whole object (and
 * every request it holds); here the guard only goes back to `zero`, this entry point fails, and
 * the next one tries again.
 */
export class InitGuard {
  #state: 'zero' | 'starting' | 'started' = 'zero';
  #starting: Promise<void> | null = null;
  readonly #ctx: DurableObjectState;
  readonly #setup: () => void;

  constructor(ctx: DurableObjectState, setup: () => void) {
    this.#ctx = ctx;
    this.#setup = setup;
  }

  get state(): 'zero' | 'starting' | 'started' {
    return this.#state;
  }

  async ready(): Promise<void> {
    if (this.#state === 'started') return;
    if (this.#state === 'zero' || !this.#starting) {
      this.#state = 'starting';
      this.#starting = this.#start();
    }
    await this.#starting;
  }

  async #start(): Promise<void> {
    const failure = await this.#ctx.blockConcurrencyWhile(async () => {
      try {
        this.#setup();
        return null;
      } catch (error) {
        return { error };
      }
    });
    if (failure) {
      this.#state = 'zero';
      this.#starting = null;
      throw failure.error;
    }
    this.#state = 'started';
  }
}
