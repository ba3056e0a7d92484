import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayHoldSecret } from '../../shared/shield/match.ts';
import { pairSieve } from '../../shared/shield/pair-sieve.ts';
import { anySecretHint, anySecretHintPairs } from '../../shared/shield/patterns.ts';
import { mayNameSecretFile, secretPathHint } from '../../shared/shield/secret-paths.ts';

/**
 * The pair sieves in front of the shield's hint regexes only ever say "certainly not" to a text
 * the regex itself turns away: wherever the regex matches, the sieve lets the text through.
 * Texts are generated from the regexes themselves (every literal they look for, with random text
 * around it), then re-cased and seeded with the characters that fold onto ASCII letters.
 */

const anyCase = (text: string, flips: readonly boolean[]) =>
  [...text].map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char.toLowerCase())).join('');

const folding = ['\u017F', '\u212A', 'é', '→'];

function textsAround(hint: RegExp): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(new RegExp(hint.source)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      ),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      fc.option(fc.tuple(fc.nat(), fc.constantFrom(...folding))),
    )
    .map(([text, flips, fold]) => {
      const cased = anyCase(text, flips);
      if (fold === null) return cased;
      const at = fold[0] % (cased.length + 1);
      return `${cased.slice(0, at)}${fold[1]}${cased.slice(at)}`;
    });
}

describe('the secret hint sieve', () => {
  it('lets through every text the hint regex matches', () => {
    fc.assert(
      fc.property(textsAround(anySecretHint), (text) => {
        if (anySecretHint.test(text)) expect(anySecretHintPairs(text)).toBe(true);
        expect(mayHoldSecret(text)).toBe(text.length >= 8 && anySecretHint.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    '-----BEGIN RSA PRIVATE KEY',
    'eyJhbGciOi',
    'AKIAABCDEFGH',
    'xoxb-1234',
    'ghp_abcdef',
    'github_pat_x',
    'glpat-xxxx',
    'sk-proj-abc',
    'my SECRET',
    'sk_live_abc',
    'rk_test_abc',
    'npm_abcdef',
    'https://user:pw@host',
    'Authorization: x',
    'X-API-KEY: v',
    'api_key=v',
    'Bearer abc',
    'PassPhrase: x',
    'password=x',
    'ACCESS_TOKEN=x',
    'AIzaSyA',
    'ACCA1234',
    'A3T12345',
  ])('lets %s through', (text) => {
    expect(anySecretHint.test(text)).toBe(true);
    expect(anySecretHintPairs(text)).toBe(true);
  });

  it('turns away the usual command line', () => {
    expect(anySecretHintPairs('npm test -- --run shard1 && npm test -- --coverage')).toBe(false);
    expect(anySecretHintPairs('Run the tests')).toBe(false);
  });
});

describe('the secret path hint sieve', () => {
  it('lets through every text the path hint regex matches', () => {
    fc.assert(
      fc.property(textsAround(secretPathHint), (text) => {
        expect(mayNameSecretFile(text)).toBe(secretPathHint.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(['.ENV', '~/.\u017F\u017Fh/id_rsa', 'server.\u212Aey', 'x/.Dev.Vars', '.pgpass', 'HOSTS.YML'])(
    'lets %s through',
    (text) => {
      expect(secretPathHint.test(text)).toBe(true);
      expect(mayNameSecretFile(text)).toBe(true);
    },
  );
});

describe('a pair sieve', () => {
  const sieve = pairSieve(['ab', '.k']);

  it('finds its pairs in any ASCII case, anywhere', () => {
    expect(sieve('xxAB')).toBe(true);
    expect(sieve('aB')).toBe(true);
    expect(sieve('file.KEY')).toBe(true);
    expect(sieve('a b')).toBe(false);
    expect(sieve('ba')).toBe(false);
    expect(sieve('')).toBe(false);
    expect(sieve('a')).toBe(false);
  });

  it('leaves any text outside ASCII to the regex', () => {
    expect(sieve('é')).toBe(true);
    expect(sieve('xyz\u212A')).toBe(true);
  });

  it('refuses pairs that are not two ASCII characters', () => {
    expect(() => pairSieve(['abc'])).toThrow();
    expect(() => pairSieve(['aé'])).toThrow();
  });
});
