import { limits } from '../contract/index.ts';

/**
 * How much of one call's command is still to be examined: `limits.examinedCommands` simple
 * commands and `limits.examinedWords` words, counted across every nesting level, so that no
 * spelling of a command (thousands of `eval`s, of `-exec`s, of roots) makes the work grow past
 * it. One budget per call, made by the caller: nothing is kept between calls.
 */
export class ExaminationBudget {
  #commands: number;
  #words: number;
  #exhausted = false;

  constructor(commands: number = limits.examinedCommands, words: number = limits.examinedWords) {
    this.#commands = commands;
    this.#words = words;
  }

  /**
   * Takes `words` words of one simple command (`commands`: 0 for more words of one already
   * taken): true when they fit, and are to be examined; false once the budget is spent, for
   * them and for everything after them.
   */
  take(words: number, commands = 1): boolean {
    if (this.#exhausted) return false;
    this.#commands -= commands;
    this.#words -= words;
    if (this.#commands < 0 || this.#words < 0) this.#exhausted = true;
    return !this.#exhausted;
  }

  /** Whether something was left unexamined. */
  get exhausted(): boolean {
    return this.#exhausted;
  }
}
