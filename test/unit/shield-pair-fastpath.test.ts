import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayHoldSecret } from '../../shared/shield/match.ts';
import { hintSieve } from '../../shared/shield/pair-sieve.ts';
import { anySecretHint } from '../../shared/shield/patterns.ts';
import { mayNameSecretFile, secretPathHint } from '../../shared/shield/secret-paths.ts';
import { shellSecretFile } from '../../shared/shield/shell-files.ts';
import {
  hintsOf,
  SECRET_HINT,
  SECRET_PATH_HINT,
  SHELL_REWRITING,
  textHints,
} from '../../shared/shield/text-hints.ts';

const anySecretHintPairs = (text: string) => (textHints(text) & SECRET_HINT) !== 0;

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
        if (secretPathHint.test(text)) expect(textHints(text) & SECRET_PATH_HINT).not.toBe(0);
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

describe('the shell rewriting hint', () => {
  const rewriting = /[\\'"$`*?[{]/;
  const shellTexts = fc.string({
    unit: fc.constantFrom(...'ab .=/-\\\'"$`*?[{}]()|&;\n\u017F\u212A'),
    maxLength: 30,
  });

  it('is set exactly when a quote, escape, expansion or glob character is there', () => {
    fc.assert(
      fc.property(shellTexts, (text) => {
        expect((textHints(text) & SHELL_REWRITING) !== 0).toBe(rewriting.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the same secret file from hints passed in as from hints worked out', () => {
    const commands = fc.oneof(
      shellTexts,
      fc.constantFrom(
        'cat .env',
        'cat .e"n"v',
        'cat ~/.ssh/id_rsa',
        'ls .env',
        'cat .e*',
        'bash -c "cat .env"',
      ),
    );
    fc.assert(
      fc.property(commands, (command) => {
        expect(shellSecretFile(command, 0, textHints(command))).toBe(shellSecretFile(command));
        expect(hintsOf(command, { text: command, hints: textHints(command) })).toBe(textHints(command));
      }),
      { numRuns: 2000 },
    );
  });

  it('is taken from a known text only when it is that text', () => {
    expect(hintsOf('cat .env', { text: 'ls', hints: 0 })).toBe(textHints('cat .env'));
    expect(hintsOf('ls', { text: 'ls', hints: 7 })).toBe(7);
  });
});

describe('a hint sieve', () => {
  const sieve = hintSieve([
    { bit: 1, pairs: ['ab', '.k'] },
    { bit: 2, chars: '$' },
  ]);

  it('finds its pairs in any ASCII case, anywhere, and its characters exactly', () => {
    expect(sieve('xxAB')).toBe(1);
    expect(sieve('aB')).toBe(1);
    expect(sieve('file.KEY')).toBe(1);
    expect(sieve('a b')).toBe(0);
    expect(sieve('ba')).toBe(0);
    expect(sieve('')).toBe(0);
    expect(sieve('a')).toBe(0);
    expect(sieve('$')).toBe(2);
    expect(sieve('x$ab')).toBe(3);
  });

  it('leaves any text outside ASCII to the pair regexes, not to the character ones', () => {
    expect(sieve('é')).toBe(1);
    expect(sieve('xyz\u212A')).toBe(1);
    expect(sieve('é$')).toBe(3);
  });

  it('refuses pairs and characters that are not ASCII', () => {
    expect(() => hintSieve([{ bit: 1, pairs: ['abc'] }])).toThrow();
    expect(() => hintSieve([{ bit: 1, pairs: ['aé'] }])).toThrow();
    expect(() => hintSieve([{ bit: 1, chars: 'é' }])).toThrow();
    expect(() => hintSieve([{ bit: 256, chars: '$' }])).toThrow();
  });
});
