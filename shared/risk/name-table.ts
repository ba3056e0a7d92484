/**
 * A fixed table of names (program names, subcommands) and their values, for lookups of words
 * that were just sliced out of a command. A Map hashes such a word on every first lookup, and
 * the rating looks up a few fresh words per segment; here the names are filed by first
 * character and length, and a lookup compares the word with the one or two names of its bucket.
 */
export class NameTable<Value> {
  /** The names of each bucket and their values, side by side. */
  readonly #names: (string[] | undefined)[] = new Array(BUCKETS).fill(undefined);
  readonly #values: (Value[] | undefined)[] = new Array(BUCKETS).fill(undefined);
  /** Names that fit no bucket (a first character past ASCII, a long name), looked up as usual. */
  readonly #others = new Map<string, Value>();

  constructor(entries: Iterable<readonly [string, Value]>) {
    for (const [spelled, value] of entries) {
      const name = spelled;
      const bucket = bucketOf(name);
      if (bucket < 0) {
        this.#others.set(name, value);
        continue;
      }
      const names = this.#names[bucket] ?? [];
      const values = this.#values[bucket] ?? [];
      // A name given twice keeps its last value, as a Map built from the same entries does.
      const at = names.indexOf(name);
      if (at >= 0) values[at] = value;
      else {
        names.push(name);
        values.push(value);
      }
      this.#names[bucket] = names;
      this.#values[bucket] = values;
    }
  }

  get(name: string): Value | undefined {
    const bucket = bucketOf(name);
    if (bucket < 0) return this.#others.size === 0 ? undefined : this.#others.get(name);
    const names = this.#names[bucket];
    if (names === undefined) return undefined;
    for (let index = 0; index < names.length; index += 1) {
      if (names[index] === name) return this.#values[bucket]![index];
    }
    return undefined;
  }

  has(name: string): boolean {
    const bucket = bucketOf(name);
    if (bucket < 0) return this.#others.has(name);
    return this.#names[bucket]?.includes(name) === true;
  }
}

/** Names up to this long are filed by length; longer ones are rare and go to the Map. */
const MAX_FILED_LENGTH = 15;
const BUCKETS = 128 * (MAX_FILED_LENGTH + 1);

/** The bucket of a name: its first character (ASCII) and its length; -1 when it has none. */
function bucketOf(name: string): number {
  const code = name.charCodeAt(0);
  // `!(code < 128)` also holds for the empty name, whose code is NaN.
  if (!(code < 128) || name.length > MAX_FILED_LENGTH) return -1;
  return code * (MAX_FILED_LENGTH + 1) + name.length;
}
