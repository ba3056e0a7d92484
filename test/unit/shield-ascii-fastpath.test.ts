import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiSieve, SHORTEST_BY_BYTES } from '../../shared/shield/ascii-sieve.ts';
import { hintSieve, pairTable, type SieveGroup } from '../../shared/shield/pair-sieve.ts';
import { textHintGroups, textHints } from '../../shared/shield/text-hints.ts';

/**
 * A text of ASCII is sieved from its bytes, four at a time; any other by its characters. Both
 * ways must give the same bits for every text, wherever a pair falls within or across the words.
 */

const groups: SieveGroup[] = [
  { bit: 1, pairs: ['ok', 'cr', '-b', ':/', 'xo'] },
  { bit: 2, pairs: ['nv', '.p', 'd_', 'ss'] },
  { bit: 4, chars: '\\\'"$`*?[{' },
];
const byCharacters = hintSieve(groups, false);
const byBytes = asciiSieve(pairTable(groups));
const sieve = hintSieve(groups);

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

  it('takes every ASCII text from its shortest to its buffer, and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        const ascii = [...text].every((char) => char.charCodeAt(0) < 128);
        expect(byBytes(text) >= 0).toBe(ascii && text.length >= SHORTEST_BY_BYTES && text.length <= 16_384);
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds a pair at every place of a word, and across words', () => {
    const filler = 'abcdefghijklm'.repeat(6);
    for (let at = 0; at < 12; at += 1) {
      for (const pair of ['ok', 'OK', 'd_', '$a']) {
        const text = `${filler.slice(0, SHORTEST_BY_BYTES + at)}${pair}${filler.slice(0, 5)}`;
        expect(byBytes(text)).toBe(byCharacters(text));
        expect(byBytes(text)).not.toBe(0);
      }
    }
  });

  it('reads the end of a text only: bytes left in its buffer by a longer text add nothing', () => {
    const shortest = SHORTEST_BY_BYTES;
    expect(byBytes(`${'b'.repeat(shortest + 1)}okokok$$$`)).toBe(5);
    expect(byBytes('b'.repeat(shortest + 1))).toBe(0);
    expect(byBytes(`${'b'.repeat(shortest)}o`)).toBe(0);
  });

  it('is what a sieve reads a long enough text of ASCII with, and only that', () => {
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        expect(sieve(text)).toBe(byCharacters(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('leaves the hints of the shield as reading characters gives them', () => {
    const reference = hintSieve(textHintGroups, false);
    fc.assert(
      fc.property(fc.oneof(texts, commands), (text) => {
        expect(textHints(text)).toBe(reference(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
