import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { compilePathGlob } from '../../shared/rules/path-glob.ts';
import { parsePathPattern } from '../../shared/rules/path-pattern.ts';

/** A gitignore pattern read the way path rules read it, tested against a path relative to the anchor. */
const ours = (pattern: string, path: string, ignoreCase = false): boolean =>
  compilePathGlob(parsePathPattern(`Read(${pattern})`, pattern).glob, ignoreCase).test(path);

describe('path globs', () => {
  it.each<[string, string, boolean]>([
    ['src/**', 'src/a.ts', true],
    ['src/**', 'src/a/b/c.ts', true],
    ['src/**', 'src', false],
    ['src/**', 'srcx/a', false],
    ['src', 'src/a/b', true],
    ['src/', 'src/a', true],
    ['src/', 'x/src/a', true],
    ['src/', 'src', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/a/b.ts', false],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/a/b/c.ts', true],
    ['src/**/*.ts', 'src/a/b/c.js', false],
    ['**/test/**', 'a/test/b', true],
    ['**/test/**', 'test/b', true],
    ['*.env', '.env', true],
    ['*.env', 'a/b/prod.env', true],
    ['.env', 'a/.env', true],
    ['/.env', 'a/.env', false],
    ['/.env', '.env', true],
    ['a?c', 'abc', true],
    ['a?c', 'a/c', false],
    ['[ab]x', 'bx', true],
    ['[!ab]x', 'bx', false],
    ['[!ab]x', 'cx', true],
    ['[a-c]x', 'cx', true],
    ['[x', '[x', true],
    ['\\*x', '*x', true],
    ['\\*x', 'ax', false],
    ['a**b', 'axxb', true],
    ['a**b', 'ax/xb', false],
    ['**', 'anything/at/all', true],
    ['é*', 'été', true],
  ])('%j on %j: %s', (pattern, path, expected) => {
    expect(ours(pattern, path)).toBe(expected);
  });

  it('ignores case only when asked', () => {
    expect(ours('SRC/*.TS', 'src/a.ts')).toBe(false);
    expect(ours('SRC/*.TS', 'src/a.ts', true)).toBe(true);
  });

  const segment = fc.constantFrom('a', 'b', 'ab', '*', '?', '**', 'a*', '*b', '[ab]', '[!a]', '.a', 'a?');
  const pattern = fc
    .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([lead, parts, trail]) => `${lead ? '/' : ''}${parts.join('/')}${trail ? '/' : ''}`);
  const path = fc
    .array(fc.constantFrom('a', 'b', 'ab', 'ba', 'aa', '.a', 'a.b'), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.join('/'));

  it('agrees with the `ignore` package on ordinary patterns and paths', () => {
    fc.assert(
      fc.property(pattern, path, (rule, file) => {
        expect(ours(rule, file)).toBe(ignore().add(rule).ignores(file));
      }),
    );
  });

  it("answers where backtracking matchers blow up (its time is the bench's to print, not a test's)", () => {
    const hostilePath = `${'a/'.repeat(2048)}c`;
    expect(ours('**/a/**/b', hostilePath)).toBe(false);
    expect(ours('**/*a*a*a*a*a*', 'a'.repeat(4096))).toBe(true);
  });
});
