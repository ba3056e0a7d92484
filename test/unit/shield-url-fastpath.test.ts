import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSecrets, matchSecretsExhaustive } from '../../shared/shield/match.ts';
import { secretPatterns } from '../../shared/shield/patterns.ts';

/**
 * A URL with credentials in it (`https://user:pw@host`) is looked for only in a text with `://`
 * and then an `@` before any blank, `/`, `?`, `#`, quote or angle bracket. Every text the
 * pattern matches must have that hint, and the hinted scan must find what the exhaustive one
 * finds on URL-like texts, with and without users, ports, paths and odd separators.
 */
const urlPattern = secretPatterns.find((pattern) => pattern.kind === 'url_credentials')!;

const pieces = fc.constantFrom(
  'https',
  'postgres',
  'redis+tls',
  '://',
  ':/',
  '//',
  'user',
  ':',
  'hunter2x',
  's3cr3t-Value',
  '@',
  'example.com',
  ':5432',
  '/',
  '/db',
  '?',
  '#',
  ' ',
  '\n',
  '"',
  "'",
  '<',
  '>',
  '.',
  '-',
  '+',
  'x'.repeat(220),
  'caf\u00E9',
);
const texts = fc.oneof(
  fc.array(pieces, { maxLength: 14 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 60 }),
);

describe('the hint of a URL with credentials', () => {
  it('is in every text the pattern matches', () => {
    const source = urlPattern.regex.source.replace('(?<![A-Za-z0-9+.-])', '');
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(source)), (text) => {
        expect(urlPattern.hint.test(text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves the scan as the exhaustive one on URL-like texts', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(matchSecrets(text)).toEqual(matchSecretsExhaustive(text));
      }),
      { numRuns: 4000 },
    );
  });

  it.each([
    ['https://deploy:s3cr3t-Value@example.com/db', true],
    ['postgres://user:hunter2x@example.com:5432/db', true],
    ['https://example.com/docs/page?q=1', false],
    ['https://example.com/@user', false],
  ])('%s carries credentials: %s', (text, expected) => {
    expect(matchSecrets(text).some((span) => span.kind === 'url_credentials')).toBe(expected);
  });
});
