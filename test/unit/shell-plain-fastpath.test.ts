import { describe, expect, it } from 'vitest';
import { analyzeExhaustive, analyzeUncached } from '../../shared/shell/analyze.ts';
import { analyzePlain } from '../../shared/shell/plain.ts';
import { SHARED_BYTES } from '../../shared/text/ascii-bytes.ts';
import { asData } from '../support/shell-analysis.ts';

/**
 * The plain-command fast path collects the words of a command line in a scratch list of bounded
 * size. A command line with more words than it holds is the general parser's, with the same answer.
 */
describe('the plain fast path on commands with very many words', () => {
  // `words` words in the first command, and two more in the second.
  const command = (words: number) => `echo${' a'.repeat(words - 1)} && ls *.ts`;

  it('answers as the general parser up to its bound', () => {
    const text = command(4094);
    const plain = analyzePlain(text);
    expect(plain).toBeDefined();
    expect(asData(plain)).toStrictEqual(asData(analyzeExhaustive(text)));
    expect(plain!.segments[0]!.argv).toHaveLength(4094);
    expect(plain!.segments[1]!.argv).toEqual(['ls', '*.ts']);
  });

  it('leaves a command past its bound to the general parser', () => {
    const text = command(4095);
    expect(analyzePlain(text)).toBeUndefined();
    expect(asData(analyzeUncached(text))).toStrictEqual(asData(analyzeExhaustive(text)));
    expect(analyzeUncached(text).segments[0]!.argv).toHaveLength(4095);
  });

  it('gives each command of a list its own words', () => {
    const text = 'a b c; d && e f | g';
    expect(asData(analyzePlain(text))).toStrictEqual(asData(analyzeExhaustive(text)));
    expect(analyzePlain(text)!.segments.map((segment) => segment.argv)).toEqual([
      ['a', 'b', 'c'],
      ['d'],
      ['e', 'f'],
      ['g'],
    ]);
  });

  it('leaves a command too long for the shared bytes to the general parser, with the same answer', () => {
    const fits = `echo ${'a'.repeat(SHARED_BYTES - 5)}`;
    expect(fits).toHaveLength(SHARED_BYTES);
    expect(asData(analyzePlain(fits))).toStrictEqual(asData(analyzeExhaustive(fits)));
    const text = `echo ${'a'.repeat(SHARED_BYTES)} && ls`;
    expect(analyzePlain(text)).toBeUndefined();
    expect(analyzeUncached(text).segments.map((segment) => segment.argv[0])).toEqual(['echo', 'ls']);
    expect(asData(analyzeUncached(text))).toStrictEqual(asData(analyzeExhaustive(text)));
  });
});
