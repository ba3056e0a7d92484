import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePath, pathPattern } from '../../shared/shield/path-glob.ts';
import {
  isSecretPath,
  literalNamesSecretFile,
  patternNamesSecretFile,
  secretPathTable,
} from '../../shared/shield/secret-paths.ts';
import { propertyRuns } from '../support/property.ts';

/**
 * A path without wildcards is matched against the secret-path table by expressions compiled
 * from it; a glob by comparing patterns (the general, glob-against-glob question). For a literal
 * path both must give one answer: the expressions are the table, not a second table.
 */

/** The general answer for a literal path: its characters, none a wildcard, compared as a pattern. */
const general = (path: string) => patternNamesSecretFile(pathPattern(path, false));

/** What a wildcard of the table may stand for in a generated name. */
const filler = fc.constantFrom(
  '',
  'a',
  'prod',
  'local',
  'x.y',
  'self',
  '1234',
  'id_rsa',
  'pub',
  '.',
  '-',
  'é',
);

/** A glob of the table (or one of its exceptions) with its wildcards filled in: names near the table's. */
function instantiate(glob: string): fc.Arbitrary<string> {
  const pieces = glob.split(/(\*\*|\*|\?|\[[^\]]*\])/).filter((piece) => piece !== '');
  return fc
    .tuple(
      ...pieces.map((piece) => {
        if (piece === '**') return fc.constantFrom('', 'a', 'a/b', 'x/y/z');
        if (piece === '*') return filler;
        if (piece === '?' || piece.startsWith('[')) return fc.constantFrom('a', 'v', '1', '*', '?');
        return fc.constant(piece);
      }),
    )
    .map((parts) => parts.join(''));
}

const tableNames = secretPathTable.flatMap((entry) => [entry.glob, ...(entry.unless ?? [])]);

/** One name of a path: from the table, cut short, with a stray suffix, or unrelated. */
const segment = fc.oneof(
  fc.constantFrom(...tableNames).chain(instantiate),
  fc
    .tuple(fc.constantFrom(...tableNames).chain(instantiate), fc.constantFrom('', '~', '.bak', '.pub', 'x'))
    .map(([name, tail]) => name + tail),
  fc.constantFrom('src', 'index3.ts', 'home', 'root', 'users', 'proc', 'etc', '..', '.', '', 'a*b', 'c[d]'),
  fc.string({ maxLength: 6 }),
);

const start = fc.constantFrom(
  '',
  '/',
  '~/',
  './',
  '../',
  '$HOME/',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's spelling, not a template.
  '${HOME}/',
  '/home/ada/',
  '/Users/Ada/',
  'C:\\Users\\ada\\',
  '/root/',
);

/** Lower, upper or mixed case: the shield folds case as macOS and Windows do. */
const cased = (text: string, how: number) =>
  how === 0
    ? text
    : how === 1
      ? text.toUpperCase()
      : text.replace(/[a-z]/g, (c, i) => (i % 2 ? c.toUpperCase() : c));

const literalPath = fc
  .tuple(start, fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom('/', '\\'), fc.nat(2))
  .map(([head, segments, separator, how]) => cased(head + segments.join(separator), how));

describe('the secret-path table for literal paths', () => {
  it('matching the compiled table agrees with comparing patterns, on paths built from its names', () => {
    let secret = 0;
    fc.assert(
      fc.property(literalPath, (path) => {
        const answer = isSecretPath(path);
        if (answer) secret += 1;
        expect(answer).toBe(general(path));
      }),
    );
    // The generator reaches both answers often, or the agreement says little.
    expect(secret).toBeGreaterThan(propertyRuns / 10);
    expect(secret).toBeLessThan(propertyRuns * 0.9);
  });

  it('looking for a written run first never changes the answer, with or without a cwd', () => {
    const cwd = fc.constantFrom(
      undefined,
      '/work/repo',
      '/home/ada/.ssh',
      '/Users/Ada/.aws',
      '/proc/self',
      '/dev',
    );
    fc.assert(
      fc.property(literalPath, cwd, (path, at) => {
        expect(isSecretPath(path, at)).toBe(literalNamesSecretFile(normalizePath(path, at).parts));
      }),
    );
  });

  it.each(
    secretPathTable.flatMap((entry) =>
      (entry.unless ?? []).map((name) => [entry.glob, name.replaceAll('*', 'x')] as const),
    ),
  )('%s: the exception %s holds for literal paths as for patterns', (glob, name) => {
    const path = glob.includes('/') ? `~/${glob.replace(/\/\*$/, '')}/${name}` : `proj/${name}`;
    expect(isSecretPath(path)).toBe(general(path));
  });

  it.each([
    ['~/.aws', true],
    ['~/.aws/sso/cache/x.json', true],
    ['/proc/self/task/12/environ', true],
    ['/proc/self/task/environ', false],
    ['.env.local.example', false],
    ['.env.local', true],
    ['notes.env', true],
    ['.env/readme', false],
    ['src/index3.ts', false],
    ['a*b.pem', true],
    ['secret', false],
  ] as const)('%s is secret: %s, by either reading', (path, expected) => {
    expect(isSecretPath(path)).toBe(expected);
    expect(general(path)).toBe(expected);
    expect(literalNamesSecretFile(normalizePath(path).parts)).toBe(expected);
  });
});
