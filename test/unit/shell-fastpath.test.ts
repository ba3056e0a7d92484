import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeExhaustive, analyzeUncached } from '../../shared/shell/analyze.ts';
import { NameShapes } from '../../shared/shell/name-shapes.ts';
import { analyzePlain } from '../../shared/shell/plain.ts';
import { asData } from '../support/shell-analysis.ts';

/**
 * The plain-command fast path answers only for commands the general parser reads the same way.
 * Random commands are built mostly from what the fast path accepts, seeded with everything that
 * should send a command to the general parser, and the two are compared wherever the fast path
 * answers.
 */

const words = [
  'npm',
  'test',
  '--',
  '--run',
  'git',
  'status',
  'ls',
  '-la',
  'src/*.ts',
  'a?b',
  '[ab]',
  'x=1',
  'A=1',
  'a,b',
  'a..b',
  '~/x',
  'host:/p',
  'user@host',
  '50%',
  'a+b',
  '^x',
  ']',
  '[',
  // Reserved words, at command position and elsewhere.
  'if',
  'then',
  'fi',
  'time',
  '[[',
  ']]',
  'in',
  'case',
  'do',
  'done',
];
const pieces = [
  ...words,
  ' ',
  ' ',
  '  ',
  '\t',
  '&&',
  '||',
  '|',
  ';',
  '&',
  '|&',
  ';;',
  ';&',
  // Everything below is the general parser's.
  '\n',
  '"a b"',
  "'x'",
  '$X',
  '$(ls)',
  '`ls`',
  '\\;',
  '>',
  '2>&1',
  '<',
  '(',
  ')',
  '{',
  '}',
  '#',
  '!',
  'é',
  '\r',
  '\u00a0',
];
const command = fc
  .array(fc.constantFrom(...pieces), { maxLength: 14 })
  .map((parts) => parts.join(''))
  .filter((text) => text.length > 0);
const spaced = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((parts) => parts.join(' '));

describe('plain-command fast path', () => {
  it('answers exactly as the general parser wherever it answers', () => {
    fc.assert(
      fc.property(fc.oneof(command, spaced), (text) => {
        const fast = analyzePlain(text);
        if (fast === undefined) return;
        expect(asData(fast)).toStrictEqual(asData(analyzeExhaustive(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('leaves every command the general parser refuses to it', () => {
    fc.assert(
      fc.property(fc.oneof(command, spaced), (text) => {
        if (analyzeExhaustive(text).error !== undefined) expect(analyzePlain(text)).toBeUndefined();
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    'npm test -- --run shard7 && npm test -- --coverage; npm test -- lint7 || npm test -- retry 7',
    'git status',
    'ls -la src/*.ts | head -5',
    'git log --oneline -n 5 ; git diff --stat',
    '  ls\t-la  ',
    'make;',
    '',
  ])('answers for the usual command %j', (text) => {
    const fast = analyzePlain(text);
    expect(fast).toBeDefined();
    expect(asData(fast)).toStrictEqual(asData(analyzeExhaustive(text)));
    expect(asData(analyzeUncached(text))).toStrictEqual(asData(analyzeExhaustive(text)));
  });

  it.each([
    'FOO=1 make',
    'if true; then ls; fi',
    'time ls',
    'ls &',
    'ls &> f',
    'ls |& cat',
    'ls &&',
    'ls |',
    '&& ls',
    'ls ;; cat',
    'ls\ncat',
    'echo "a b"',
    'echo $HOME',
    'echo ok # comment',
    'ls > f',
    'echo {a,b}',
    '! ls',
    'ls é',
  ])('leaves %j to the general parser', (text) => {
    expect(analyzePlain(text)).toBeUndefined();
    expect(asData(analyzeUncached(text))).toStrictEqual(asData(analyzeExhaustive(text)));
  });
});

describe('name shapes', () => {
  const name = fc.string({ unit: fc.constantFrom(...'abcnpsux-_.é'.split('')), maxLength: 8 });

  it('never turn away a listed name', () => {
    fc.assert(
      fc.property(
        fc.array(
          name.filter((text) => /^[a-z]/.test(text)),
          { maxLength: 20 },
        ),
        name,
        (names, probe) => {
          const shapes = new NameShapes(names);
          for (const listed of names) expect(shapes.mayBeOneOf(listed)).toBe(true);
          if (!shapes.mayBeOneOf(probe)) expect(names).not.toContain(probe);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('turn away names of another first character or length, and the empty name', () => {
    const shapes = new NameShapes(['nice', 'nohup', 'sudo']);
    expect(shapes.mayBeOneOf('npm')).toBe(false);
    expect(shapes.mayBeOneOf('git')).toBe(false);
    expect(shapes.mayBeOneOf('')).toBe(false);
    expect(shapes.mayBeOneOf('éx')).toBe(false);
    expect(shapes.mayBeOneOf('nick')).toBe(true);
  });

  it.each(['', 'é', 'x'.repeat(32)])('refuse to file %j, which they could not tell apart', (odd) => {
    expect(() => new NameShapes([odd])).toThrow(/cannot file/);
  });
});
