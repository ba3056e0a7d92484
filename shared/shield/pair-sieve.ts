/**
 * A quick "certainly not" in front of a hint regex. Each literal the regex looks for is
 * represented by one pair of adjacent characters it always contains (`token` by `ok`); a text
 * holding none of the pairs, in any ASCII case, cannot hold any of the literals. One look-up per
 * character in a table beats the regex engine trying a wide case-insensitive alternation at each
 * position, and most texts (command lines, descriptions) hold none of the rarer pairs.
 *
 * A character outside ASCII answers "maybe": case folding can map one onto an ASCII letter
 * (`ſ` folds to `s`, the Kelvin sign to `k`), so such texts are left to the regex.
 */
export type PairSieve = (text: string) => boolean;

const ASCII = 128;

export function pairSieve(pairs: readonly string[]): PairSieve {
  const table = new Uint8Array(ASCII * ASCII);
  for (const pair of pairs) {
    if (pair.length !== 2) throw new Error(`a sieve pair is two characters: ${pair}`);
    for (const first of cases(pair[0]!)) {
      for (const second of cases(pair[1]!)) table[first * ASCII + second] = 1;
    }
  }
  return (text) => {
    const length = text.length;
    let previous = text.charCodeAt(0);
    // An empty text reads NaN here, which is not >= ASCII, and has no pair.
    if (previous >= ASCII) return true;
    for (let index = 1; index < length; index += 1) {
      const code = text.charCodeAt(index);
      if (code >= ASCII || table[previous * ASCII + code] === 1) return true;
      previous = code;
    }
    return false;
  };
}

/** The character codes of `char` in both ASCII cases (one code for what has no case). */
function cases(char: string): number[] {
  const codes = new Set([char.toLowerCase().charCodeAt(0), char.toUpperCase().charCodeAt(0)]);
  for (const code of codes) if (code >= ASCII) throw new Error(`a sieve pair is ASCII: ${char}`);
  return [...codes];
}
