import { describe, expect, it } from 'vitest';
import { countdownText } from '../../extension/ui/common/countdown.ts';

const at = Date.parse('2026-11-29T12:10:00.000Z');

describe('countdownText', () => {
  it.each([
    [600_000, 'Expires in 10:00'],
    [599_001, 'Expires in 10:00'],
    [599_000, 'Expires in 9:59'],
    [61_000, 'Expires in 1:01'],
    [5_000, 'Expires in 0:05'],
    [1, 'Expires in 0:01'],
    [0, 'Expiring…'],
    [-30_000, 'Expiring…'],
    [3_723_000, 'Expires in 1:02:03'],
  ])('%d ms before expiry → %s', (left, text) => {
    expect(countdownText('2026-11-29T12:10:00.000Z', at - left)).toBe(text);
  });

  it('nothing for a question that never expires or a time that does not parse', () => {
    expect(countdownText(null, at)).toBeNull();
    expect(countdownText('soon', at)).toBeNull();
  });

  it('keeps the same width from one second to the next below an hour (no layout shift)', () => {
    const widths = new Set<number>();
    for (let left = 599_000; left > 0; left -= 1000)
      widths.add(countdownText('2026-11-29T12:10:00.000Z', at - left)!.length);
    // "Expires in 9:59" … "Expires in 0:01": one width.
    expect([...widths]).toEqual(['Expires in 9:59'.length]);
  });
});
