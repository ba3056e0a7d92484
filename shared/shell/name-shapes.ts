/**
 * A quick "certainly not" for looking a command name up in a fixed list: names are filed by
 * their first character and length, one bit per length, so most names (`npm` against the
 * wrappers `nice`, `nohup`) are turned away by one table read instead of hashing a string that
 * was just sliced out of a command. What it lets through still needs the real lookup.
 */
export class NameShapes {
  /** For each ASCII first character, a bit per length of the listed names that begin with it. */
  readonly #lengths = new Uint32Array(128);

  constructor(names: Iterable<string>) {
    for (const name of names) {
      const code = name.charCodeAt(0);
      // Such a name could not be filed; refusing it keeps `mayBeOneOf` from ever missing a name.
      if (!(code < 128) || name.length > 31)
        throw new Error(`NameShapes cannot file ${JSON.stringify(name)}`);
      this.#lengths[code] = this.#lengths[code]! | (1 << name.length);
    }
  }

  /** False when `name` is none of the listed names; true when it may be one. */
  mayBeOneOf(name: string): boolean {
    const code = name.charCodeAt(0);
    // `!(code < 128)` also holds for the empty name, whose code is NaN.
    if (!(code < 128) || name.length > 31) return false;
    return (this.#lengths[code]! & (1 << name.length)) !== 0;
  }
}
