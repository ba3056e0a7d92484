import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiSieve } from '../../shared/shield/ascii-sieve.ts';
import { pairTable, type SieveGroup, sieveByCharacters } from '../../shared/shield/pair-sieve.ts';
import { textHints } from '../../shared/shield/text-hints.ts';

/**
 * A text of ASCII is sieved from its bytes, four at a time; any other by its characters. Both
 * ways must give the same bits for every text, wherever a pair falls within or across the words.
 */

const groups: SieveGroup[] = [
  { bit: 1, pairs: ['ok', 'cr', '-b', ':/', 'xo'] },
  { bit: 2, pairs: ['nv', '.p', 'd_', 'ss'] },
  { bit: 4, chars: '\\\'"$`*?[{' },
];
const compiled = pairTable(groups);
const byBytes = asciiSieve(compiled);
const byCharacters = (text: string) => sieveByCharacters(compiled, text);

/** Command-line characters, the sieve's own pair letters in both cases, NUL, and a few outside ASCII. */
const units = [
  ...'okcrOKCR-b:/xXnNvV.pPdD_sS \t\n$`*?[{\\\'"=;|&ae0\u0000\u007F',
  '\u00E9',
  '\u017F',
  '\u212A',
];
const texts = fc.string({ unit: fc.constantFrom(...units), maxLength: 300 });
const commands = fc
  .tuple(fc.nat({ max: 1023 }), fc.constantFrom('', ' .env', ' $HOME', ' ~/.ssh/id_rsa', ' a\u00E9'))
  .map(
    ([i, tail]) =>
      `npm test -- --run shard${i} && npm test -- --coverage; npm test -- lint${i} || npm test -- retry ${i}${tail}`,
  );

describe('the ASCII sieve', () => {
  it('gives the bits reading characters gives, for every ASCII text it takes', () => {
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        const bits = byBytes(text);
        if (bits >= 0) expect(bits).toBe(byCharacters(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes every ASCII text from 24 characters to its buffer, and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        const ascii = [...text].every((char) => char.charCodeAt(0) < 128);
        expect(byBytes(text) >= 0).toBe(ascii && text.length >= 24 && text.length <= 16_384);
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds a pair at every place of a word, and across words', () => {
    const filler = 'abcdefghijklm'.repeat(3);
    for (let at = 0; at < 12; at += 1) {
      for (const pair of ['ok', 'OK', 'd_', '$a']) {
        const text = `${filler.slice(0, 24 + at)}${pair}${filler.slice(0, 5)}`;
        expect(byBytes(text)).toBe(byCharacters(text));
        expect(byBytes(text)).not.toBe(0);
      }
    }
  });

  it('reads the end of a text only: bytes left in its buffer by a longer text add nothing', () => {
    expect(byBytes(`${'b'.repeat(25)}okokok$$$`)).toBe(5);
    expect(byBytes('b'.repeat(25))).toBe(0);
    expect(byBytes(`${'b'.repeat(24)}o`)).toBe(0);
  });

  it('sieves a text the way textHints does, by whichever way it takes', () => {
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        expect(textHints(text)).toBe(sieveByCharacters(textTable, text));
      }),
      { numRuns: 5_000 },
    );
  });
});

/** The shield's own groups, rebuilt from textHints on every one- and two-character text. */
const textTable = (() => {
  const table = new Uint8Array(128 * 128);
  for (let first = 1; first < 128; first += 1) {
    table[first] = textHints(String.fromCharCode(first));
    for (let second = 1; second < 128; second += 1)
      table[first * 128 + second] = textHints(String.fromCharCode(first, second));
  }
  return { table, pairBits: textHints('\u00E9'), allBits: 7 };
})();
