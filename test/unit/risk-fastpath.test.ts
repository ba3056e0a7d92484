import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Risk } from '../../shared/contract/index.ts';
import { programName } from '../../shared/risk/args.ts';
import { maxRisk, rank, riskOrder } from '../../shared/risk/scale.ts';

/** The risk rater's hand-written shortcuts against what they stand for. */

describe('risk ranks spelled out', () => {
  it('follow the contract order of risks', () => {
    expect(riskOrder).toEqual(Risk.options);
    riskOrder.forEach((risk, index) => {
      expect(rank(risk)).toBe(index);
    });
  });

  it('count anything off the scale as the worst', () => {
    expect(rank('severe' as Risk)).toBe(riskOrder.length);
    expect(maxRisk('critical', 'severe' as Risk)).toBe('severe');
  });
});

describe('program names scanned from the end', () => {
  it('are what follows the last slash', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', '/', '.', 'é', '\\'), maxLength: 12 });
    fc.assert(
      fc.property(word, (text) => {
        const slash = text.lastIndexOf('/');
        expect(programName(text)).toBe(slash >= 0 ? text.slice(slash + 1) : text);
      }),
      { numRuns: 3000 },
    );
  });
});
