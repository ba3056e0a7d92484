import { SHARED_BYTES, sharedBytes } from '../text/ascii-bytes.ts';

/**
 * The words Gatehouse compares command words with — program names and verbs its raters know,
 * the words of compiled rules — each kept as one string, so that the plain scan (plain.ts) hands
 * out that very string for such a word of a command instead of slicing a new one. The word then
 * costs no copy, and comparing it with a name (`argv[0] === 'npm'`, a rule's `npm test`) finds
 * the same string at once instead of comparing characters. Nothing else changes: a word that
 * is not known, or too long to be filed, is sliced as before, and equal strings are equal either way.
 *
 * Words are filed by their bytes — up to eight ASCII characters, none of them NUL, as two
 * little-endian 32-bit numbers with the unused bytes zero — in an open-addressed table, so a word
 * of a command is looked up from the bytes the scan has just read, before any string is made.
 */

export const { knownWord, knownWordAt, wordAt } = knownWords();

/**
 * The table and its readers, made once. They live in a function's scope, not the module's: a
 * bundler (esbuild, as wrangler deploys the Worker) turns a module's top-level constants into
 * `var`s, which optimized code must load and check at every use; a function's constants stay
 * constants, folded into the code that reads them.
 */
function knownWords() {
  /** Bytes of the longest word filed: two 32-bit halves. */
  const LONGEST = 8;
  /** Slots of the table; at most half are filed, so a lookup meets an empty slot soon. */
  const SLOTS = 2048;
  const MOST_WORDS = SLOTS / 2;
  const SHIFT = 32 - Math.log2(SLOTS);

  /** Each slot's two halves side by side, so one look at the table reads one place of memory. */
  const halves = new Int32Array(SLOTS * 2);
  const strings: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  let filed = 0;

  const slotOf = (low: number, high: number): number =>
    Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> SHIFT;

  /**
   * The string kept for `word`, filing `word` itself when it is the first of its spelling. A word
   * that cannot be filed (empty, too long, outside ASCII, the table full) is returned as it is.
   */
  function knownWord(word: string): string {
    const length = word.length;
    if (length === 0 || length > LONGEST) return word;
    let low = 0;
    let high = 0;
    for (let index = 0; index < length; index += 1) {
      const code = word.charCodeAt(index);
      if (code === 0 || code >= 128) return word;
      if (index < 4) low |= code << (8 * index);
      else high |= code << (8 * (index - 4));
    }
    for (let slot = slotOf(low, high); ; slot = (slot + 1) & (SLOTS - 1)) {
      const kept = strings[slot];
      if (kept === undefined) {
        if (filed === MOST_WORDS) return word;
        halves[2 * slot] = low;
        halves[2 * slot + 1] = high;
        strings[slot] = word;
        filed += 1;
        return word;
      }
      if (halves[2 * slot] === low && halves[2 * slot + 1] === high) return kept;
    }
  }

  /** The shared bytes (ascii-bytes.ts) read four at a time, at any offset. */
  const view = new DataView(sharedBytes.buffer);
  if (sharedBytes.byteLength < SHARED_BYTES + LONGEST)
    throw new Error('a word at the end of the shared bytes must be readable in two halves');

  /**
   * The known word the shared bytes hold from `start` to `end`, or undefined when they hold none.
   * The word must not be empty or hold a NUL (no word of the plain scan does): its bytes are read
   * as two halves, the bytes past its end masked off, and compared with the halves filed.
   */
  function knownWordAt(start: number, end: number): string | undefined {
    const length = end - start;
    if (length > LONGEST) return undefined;
    // (A shift of 32 or more would be no mask at all: a word of four bytes or more keeps them all.)
    const first = view.getInt32(start, true);
    const low = length < 4 ? first & (-1 >>> (32 - 8 * length)) : first;
    const high = length > 4 ? view.getInt32(start + 4, true) & (-1 >>> (64 - 8 * length)) : 0;
    for (let slot = slotOf(low, high); ; slot = (slot + 1) & (SLOTS - 1)) {
      const kept = strings[slot];
      if (kept === undefined) return undefined;
      if (halves[2 * slot] === low && halves[2 * slot + 1] === high) return kept;
    }
  }

  /**
   * `command.slice(start, end)`, or the known word of that spelling. The shared bytes must hold
   * `command`, as they do right after `asciiBytes(command)`, and the word must be one the plain
   * scan reads (see `knownWordAt`).
   */
  function wordAt(command: string, start: number, end: number): string {
    return knownWordAt(start, end) ?? command.slice(start, end);
  }

  return { knownWord, knownWordAt, wordAt };
}
