import { asciiBytes, SHARED_BYTES, sharedBytes } from '../text/ascii-bytes.ts';
import type { PairTable } from './pair-sieve.ts';

/**
 * The pair sieve (pair-sieve.ts) over a text of ASCII, read as bytes four at a time. Reading a
 * string a character at a time costs a check of how the string is stored at every character; the
 * encoder copies it out in one go, and the bytes are then read a word at a time, each pair of
 * neighbours looked up in the sieve's table at the place the two bytes have in the word, taken
 * out with one shift and one mask. The table is the one the character reading uses: every byte
 * is ASCII, so of its 32 KiB only the 16 KiB a pair of seven-bit codes can reach is ever read.
 * On a usual command line this is about twice as fast as reading characters, which
 * `shield-ascii-fastpath` checks gives the same answer.
 */

/**
 * Shorter texts are read by characters: copying them out costs more than it saves. Alone, a
 * 40-character text is read faster by bytes; within a whole scan of an Edit call, where the byte
 * table competes for the cache with everything else, 32-character paths were slower by bytes.
 */
export const SHORTEST_BY_BYTES = 48;
/**
 * Longer texts are read by characters too: the bytes are those of the shared buffer (ascii-bytes.ts,
 * where the shell analysis has usually copied the call's command already), read a word at a time.
 * Four zero bytes are written past the text: the last word's pairs end in NUL, which starts no pair.
 */
const LONGEST = SHARED_BYTES;
const words = new Uint32Array(sharedBytes.buffer);
/** Two neighbouring bytes of a word, seven bits each. */
const PAIR = 0x7f7f;
/** Words are read in the machine's byte order: the shifts below take the bytes little-endian. */
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * `sieve` over `text` when it is ASCII and of a length worth copying, else -1 (the caller reads it
 * by characters).
 */
export function asciiSieve({ table, allBits }: PairTable): (text: string) => number {
  // The module's constants as this closure's: a bundle makes top-level constants `var`s, which
  // optimized code loads and checks at every use (shell/plain.ts says more).
  const shortest = SHORTEST_BY_BYTES;
  const longest = LONGEST;
  const wordsOfBytes = words;
  const pair = PAIR;
  const readable = littleEndian;
  return (text) => {
    const length = text.length;
    if (length < shortest || length > longest || !readable) return -1;
    // Nothing outside ASCII, which the table does not cover.
    const bytes = asciiBytes(text);
    if (bytes === undefined) return -1;
    bytes[length] = 0;
    bytes[length + 1] = 0;
    bytes[length + 2] = 0;
    bytes[length + 3] = 0;
    // The tables in locals: read for every word, a binding of the enclosing scope cost a load more each time.
    const pairs = table;
    const view = wordsOfBytes;
    // The first byte after the NUL before the text: single characters only.
    let bits = table[bytes[0]! << 8]!;
    const count = (length + 3) >> 2;
    let word = view[0]!;
    for (let index = 0; index < count; index += 1) {
      const next = view[index + 1]!;
      // The pairs within the word, then the one across into the next word: two neighbouring
      // bytes as they sit in the word, the second above the first, are the pair's place in the
      // table. The mask keeps the seven bits of each (every byte is ASCII).
      bits |=
        pairs[word & pair]! |
        pairs[(word >>> 8) & pair]! |
        pairs[(word >>> 16) & pair]! |
        pairs[((word >>> 24) | (next << 8)) & pair]!;
      if (bits === allBits) break;
      word = next;
    }
    return bits;
  };
}
