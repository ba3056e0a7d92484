import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCommandPattern } from '../../shared/rules/bash-pattern.ts';
import { compileStarGlob } from '../../shared/rules/star-glob.ts';

/**
 * `Bash(npm test:*)` and `Bash(ls *)` are tested as one comparison (the text, or the text and a
 * space); they must match exactly what the two star globs they stand for match together.
 */

const piece = fc.constantFrom('npm', 'test', 'ls', 'a', '-', ' ', '  ', ':', 'é', '\\*', '\\\\', '\\');
const literal = fc
  .array(piece, { minLength: 1, maxLength: 5 })
  .map((pieces) => pieces.join('').replace(/\s+/g, ' ').trim())
  .filter((text) => text !== '' && !/(?<!\\)\*/.test(text.replaceAll('\\\\', '')) && !text.endsWith('\\'));
const command = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

describe('word-prefix command patterns', () => {
  it.each([':*', ' *'])('match what the bare and the tailed glob match (%j)', (end) => {
    fc.assert(
      fc.property(literal, fc.array(command, { minLength: 1, maxLength: 6 }), (base, commands) => {
        const pattern = compileCommandPattern(`Bash(${base}${end})`, `${base}${end}`);
        const bare = compileStarGlob(base);
        const withTail = compileStarGlob(`${base} *`);
        for (const text of [...commands, base, `${base} x`, `${base}x`, `${base} `]) {
          expect(pattern.test(text)).toBe(bare.test(text) || withTail.test(text));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([':*', ' *'])('match a command written as words one space apart by its words alone (%j)', (end) => {
    // Words as simply written commands have them: not empty, no blank.
    const word = fc
      .array(piece, { minLength: 1, maxLength: 3 })
      .map((pieces) => pieces.join('').replace(/\s+/g, ''))
      .filter((text) => text !== '');
    fc.assert(
      fc.property(
        literal,
        fc.array(fc.array(word, { minLength: 1, maxLength: 6 }), { maxLength: 6 }),
        (base, argvs) => {
          const pattern = compileCommandPattern(`Bash(${base}${end})`, `${base}${end}`);
          const testWords = pattern.testWords;
          if (testWords === undefined) return;
          const own = base.split(' ');
          for (const words of [...argvs, own, [...own, 'x'], [...own.slice(0, -1), `${own.at(-1)}x`]]) {
            expect(testWords(words)).toBe(pattern.test(words.join(' ')));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps the word boundary', () => {
    const pattern = compileCommandPattern('Bash(npm test:*)', 'npm test:*');
    expect(pattern.test('npm test')).toBe(true);
    expect(pattern.test('npm test -- x')).toBe(true);
    expect(pattern.test('npm tests')).toBe(false);
    expect(pattern.test('npm tes')).toBe(false);
    expect(pattern.test(' npm test')).toBe(false);
    expect(pattern.testWords?.(['npm', 'test'])).toBe(true);
    expect(pattern.testWords?.(['npm', 'test', '--', 'x'])).toBe(true);
    expect(pattern.testWords?.(['npm', 'tests'])).toBe(false);
    expect(pattern.testWords?.(['npm'])).toBe(false);
  });
});
