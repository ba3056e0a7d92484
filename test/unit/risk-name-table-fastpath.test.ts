import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NameTable } from '../../shared/risk/name-table.ts';

/**
 * The rater's name table files names by first character and length instead of hashing them. It
 * must answer exactly as a Map of the same entries: the same value for every name it holds,
 * nothing for any other word, whatever the name's length or first character.
 */

/** Names close to each other: shared first characters and lengths, past ASCII, past the filed lengths. */
const name = fc.string({
  unit: fc.constantFrom('n', 'p', 'm', 'x', '-', ' ', '.', '3', 'é', '\u{1F600}'),
  maxLength: 20,
});

describe('a name table', () => {
  it('answers as a Map of the same entries', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.integer())), fc.array(name), (entries, probes) => {
        const table = new NameTable(entries);
        const map = new Map(entries);
        for (const probe of [...probes, ...entries.map(([held]) => held)]) {
          expect(table.get(probe)).toBe(map.get(probe));
          expect(table.has(probe)).toBe(map.has(probe));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the last value of a name given twice, as a Map does', () => {
    const table = new NameTable([
      ['npm', 1],
      ['npx', 2],
      ['npm', 3],
    ]);
    expect(table.get('npm')).toBe(3);
    expect(table.get('npx')).toBe(2);
  });

  it('finds names that fit no bucket: empty, long, or not starting in ASCII', () => {
    const long = 'semantic-release-extra';
    const table = new NameTable([
      ['', 'empty'],
      [long, 'long'],
      ['émacs', 'accented'],
    ]);
    expect(table.get('')).toBe('empty');
    expect(table.get(long)).toBe('long');
    expect(table.get('émacs')).toBe('accented');
    expect(table.get(`${long}s`)).toBeUndefined();
    expect(table.has('emacs')).toBe(false);
  });

  it('does not find what only an object would inherit', () => {
    const table = new NameTable([['install', 'install']]);
    expect(table.get('constructor')).toBeUndefined();
    expect(table.get('toString')).toBeUndefined();
    expect(table.has('__proto__')).toBe(false);
  });
});
