import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeExhaustive } from '../../shared/shell/analyze.ts';
import { knownWord, knownWordAt, wordAt } from '../../shared/shell/known-words.ts';
import { analyzePlain } from '../../shared/shell/plain.ts';
import { asciiBytes, SHARED_BYTES } from '../../shared/text/ascii-bytes.ts';
import { asData } from '../support/shell-analysis.ts';

/**
 * Known words (known-words.ts) change which string the plain scan hands out for a word, never its
 * text: whatever is filed, a word read from a command's bytes is the slice of the command.
 */

/** Word characters of the plain scan, and a few that look alike byte for byte. */
const wordChar = fc.constantFrom(...'abcnpmrstu-_.:=/0123456789ABZ'.split(''));
const word = (maxLength: number) =>
  fc.array(wordChar, { minLength: 1, maxLength }).map((chars) => chars.join(''));

/** `command` into the shared bytes, as the plain scan does before it reads words. */
function shared(command: string): string {
  expect(asciiBytes(command)).toBeDefined();
  return command;
}

describe('known words', () => {
  it('finds a filed word in the bytes, and tells apart words that share their first bytes', () => {
    const long = 'qrstuvwxyzA';
    // Every prefix filed, up to eight bytes: longer words are never filed.
    for (let length = 1; length <= long.length; length += 1) knownWord(long.slice(0, length));
    const command = shared(`${long} ${long}`);
    for (let start = 0; start < long.length; start += 1) {
      for (let end = start + 1; end <= long.length; end += 1) {
        const text = long.slice(start, end);
        expect(wordAt(command, start, end)).toBe(text);
        expect(knownWordAt(start, end)).toBe(start === 0 && end <= 8 ? text : undefined);
      }
    }
  });

  it('finds nothing in the bytes that was not filed', () => {
    const command = shared('vv vvv vvvv vvvvv vvvvvvvv');
    for (const [start, end] of [
      [0, 2],
      [3, 6],
      [7, 11],
      [12, 17],
      [18, 26],
    ] as const) {
      expect(knownWordAt(start, end)).toBeUndefined();
      expect(wordAt(command, start, end)).toBe(command.slice(start, end));
    }
    knownWord('vvvv');
    expect(knownWordAt(7, 11)).toBe('vvvv');
    expect(knownWordAt(3, 6)).toBeUndefined();
    expect(knownWordAt(12, 17)).toBeUndefined();
  });

  it('reads a word at the very end of the shared bytes', () => {
    knownWord('tail');
    const command = shared(`${'a'.repeat(SHARED_BYTES - 5)} tail`);
    expect(command).toHaveLength(SHARED_BYTES);
    expect(knownWordAt(SHARED_BYTES - 4, SHARED_BYTES)).toBe('tail');
    expect(knownWordAt(SHARED_BYTES - 3, SHARED_BYTES)).toBeUndefined();
    expect(wordAt(command, SHARED_BYTES - 3, SHARED_BYTES)).toBe('ail');
  });

  it('files only what it can read back, and keeps the first spelling', () => {
    expect(knownWord('')).toBe('');
    expect(knownWord('naïve')).toBe('naïve');
    expect(knownWord('a\u0000b')).toBe('a\u0000b');
    expect(knownWord('much-too-long-a-word')).toBe('much-too-long-a-word');
    const first = knownWord(['gi', 't'].join(''));
    expect(knownWord('git')).toBe(first);
  });

  it('reads every word of a command as its slice, whatever has been filed', () => {
    fc.assert(
      fc.property(
        fc.array(word(12), { maxLength: 20 }),
        fc.array(word(12), { minLength: 1, maxLength: 12 }),
        (filed, words) => {
          for (const each of filed) expect(knownWord(each)).toBe(each);
          // Some of the command's words filed too, and some only as a prefix or an extension.
          for (const [index, each] of words.entries()) {
            if (index % 3 === 0) knownWord(each);
            if (index % 3 === 1) knownWord(`${each}x`);
            if (index % 3 === 2 && each.length > 1) knownWord(each.slice(0, -1));
          }
          const command = shared(words.join(' '));
          let start = 0;
          for (const each of words) {
            expect(wordAt(command, start, start + each.length)).toBe(each);
            start += each.length + 1;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // Last: it fills the table, and the tests above need room to file.
  it('stops filing when the table is half full, and still reads every word as its slice', () => {
    const many = Array.from({ length: 1500 }, (_, index) => `w${index.toString(36)}`);
    for (const each of many) expect(knownWord(each)).toBe(each);
    const command = shared(many.join(' '));
    let start = 0;
    let found = 0;
    for (const each of many) {
      expect(wordAt(command, start, start + each.length)).toBe(each);
      if (knownWordAt(start, start + each.length) !== undefined) found += 1;
      start += each.length + 1;
    }
    // Filed up to the bound (what the tests before filed counts against it too), and no further.
    expect(found).toBeLessThanOrEqual(1024);
    expect(found).toBeLessThan(many.length);
    const text = `${many.slice(0, 200).join(' ')} && ${many.slice(1300).join(' ')}`;
    expect(asData(analyzePlain(text))).toStrictEqual(asData(analyzeExhaustive(text)));
  });
});
