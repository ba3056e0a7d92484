/**
 * A quick "certainly not" in front of hint regexes, for several at once. Each literal a regex looks
 * for is represented by one pair of adjacent characters it always contains (`token` by `ok`); a text
 * holding none of a regex's pairs, in any ASCII case, cannot match it. A regex that looks for any of
 * a few characters is represented by those characters. One pass over a text, one table look-up per
 * character, answers for every regex: cheaper than one regex engine pass per regex, and most texts
 * (command lines, descriptions) hold none of the rarer pairs.
 *
 * A character outside ASCII answers "maybe" for every pair: case folding can map one onto an ASCII
 * letter (`ſ` folds to `s`, the Kelvin sign to `k`), so such texts are left to the regexes.
 */
export interface SieveGroup {
  /** The bit this group sets in the answer. */
  readonly bit: number;
  /** Pairs of ASCII characters, matched in either case. */
  readonly pairs?: readonly string[];
  /** Single ASCII characters, matched exactly. */
  readonly chars?: string;
}

/** The bits of the groups a text may match (every pair group's bit for a text outside ASCII). */
export type HintSieve = (text: string) => number;

/** The groups compiled: what both ways of reading a text (by characters, by bytes) look up. */
export interface PairTable {
  /**
   * Indexed by the current character's code times 256 plus the previous one's (the order two
   * bytes sit in a little-endian word, so the byte reading takes a pair out with one mask); the
   * first character is read after a NUL, which starts no pair. Only codes below 128 are filled:
   * half of each 256-byte row is never read, so the table takes the cache of one of 16 KiB.
   */
  readonly table: Uint8Array;
  /** The bits of the groups that have pairs: the answer for a character outside ASCII. */
  readonly pairBits: number;
  /** Every group's bit: an answer that has them all cannot grow. */
  readonly allBits: number;
}

const ASCII = 128;
/** A pair's place in the table: the current code shifted up by 8, or the previous one. */
const ROW = 256;

/** The table and bits of `groups`. */
export function pairTable(groups: readonly SieveGroup[]): PairTable {
  const table = new Uint8Array(ASCII * ROW);
  let pairBits = 0;
  let allBits = 0;
  for (const { bit, pairs = [], chars = '' } of groups) {
    allBits |= bit;
    if (pairs.length > 0) pairBits |= bit;
    for (const pair of pairs) {
      if (pair.length !== 2) throw new Error(`a sieve pair is two characters: ${pair}`);
      for (const first of cases(pair[0]!)) {
        for (const second of cases(pair[1]!)) table[second * ROW + first]! |= bit;
      }
    }
    for (const char of chars) {
      const code = ascii(char);
      for (let previous = 0; previous < ASCII; previous += 1) table[code * ROW + previous]! |= bit;
    }
  }
  if (allBits > 0xff) throw new Error('a sieve answers in 8 bits');
  return { table, pairBits, allBits };
}

/** The sieve of `groups`, read a character at a time. */
export function hintSieve(groups: readonly SieveGroup[]): HintSieve {
  const compiled = pairTable(groups);
  const { table, pairBits, allBits } = compiled;
  // The module's constants as this closure's: a bundle makes top-level constants `var`s, which
  // optimized code loads and checks at every use (shell/plain.ts says more).
  const ascii = ASCII;
  // The character loop stays in this closure: moved into a function of its own, it read short
  // texts (descriptions, paths) a tenth slower.
  return (text) => {
    const length = text.length;
    // The table in a local: read for every character, a binding of the enclosing scope cost a load more each time.
    const pairs = table;
    let bits = 0;
    let previous = 0;
    for (let index = 0; index < length; index += 1) {
      const code = text.charCodeAt(index);
      if (code >= ascii) {
        bits |= pairBits;
        previous = 0;
        continue;
      }
      // The look-up of the pair; the answer is checked for being complete only when it grew.
      const found = pairs[(code << 8) | previous]!;
      previous = code;
      if (found !== 0) {
        bits |= found;
        if (bits === allBits) break;
      }
    }
    return bits;
  };
}

function ascii(char: string): number {
  const code = char.charCodeAt(0);
  if (char.length !== 1 || code >= ASCII || code === 0)
    throw new Error(`a sieve character is ASCII: ${char}`);
  return code;
}

/** The character codes of `char` in both ASCII cases (one code for what has no case). */
function cases(char: string): number[] {
  return [...new Set([ascii(char.toLowerCase()), ascii(char.toUpperCase())])];
}
