import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expiresAtFor, timeBoxes, timeBoxWords } from '../../extension/ui/answer/time-box.ts';

// The time box's end is computed by the client, from an injected clock, in the approver's own
// time zone ("until tomorrow" is their midnight). The zone is set per test and put back.
let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('expiresAtFor', () => {
  const now = new Date('2026-11-29T12:34:56.789Z');

  it('has no end without a time box', () => {
    expect(expiresAtFor('none', now)).toBeUndefined();
  });

  it('ends 15 minutes and one hour after now, to the millisecond', () => {
    expect(expiresAtFor('15m', now)).toBe('2026-11-29T12:49:56.789Z');
    expect(expiresAtFor('1h', now)).toBe('2026-11-29T13:34:56.789Z');
  });

  it('ends at the next local midnight, wherever the approver is', () => {
    process.env.TZ = 'UTC';
    expect(expiresAtFor('tomorrow', now)).toBe('2026-11-30T00:00:00.000Z');
    process.env.TZ = 'America/Los_Angeles'; // 04:34 on the 29th there
    expect(expiresAtFor('tomorrow', now)).toBe('2026-11-30T08:00:00.000Z');
    process.env.TZ = 'Asia/Tokyo'; // 21:34 on the 29th there
    expect(expiresAtFor('tomorrow', now)).toBe('2026-11-29T15:00:00.000Z');
  });

  it('rolls over the month and the year', () => {
    process.env.TZ = 'UTC';
    expect(expiresAtFor('tomorrow', new Date('2026-12-31T23:59:59.000Z'))).toBe('2027-01-01T00:00:00.000Z');
    expect(expiresAtFor('tomorrow', new Date('2028-02-28T08:00:00.000Z'))).toBe('2028-02-29T00:00:00.000Z');
  });

  it('keeps local midnight across a daylight-saving change', () => {
    process.env.TZ = 'Europe/Berlin';
    // Saturday evening before the clocks go forward (CET, +01:00): midnight is still +01:00.
    expect(expiresAtFor('tomorrow', new Date('2026-03-28T21:30:00.000Z'))).toBe('2026-03-28T23:00:00.000Z');
    // The Sunday itself (CEST, +02:00): the next midnight is 22:00 UTC, 23 hours after the last.
    expect(expiresAtFor('tomorrow', new Date('2026-03-29T10:00:00.000Z'))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('just before midnight still means the coming one, never a day later', () => {
    process.env.TZ = 'UTC';
    expect(expiresAtFor('tomorrow', new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-30T00:00:00.000Z');
    expect(expiresAtFor('tomorrow', new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('always ends after now, and every end is a time the relay parses', () => {
    for (const box of timeBoxes) {
      const end = expiresAtFor(box, now);
      if (end === undefined) continue;
      expect(Date.parse(end)).toBeGreaterThan(now.getTime());
      expect(new Date(end).toISOString()).toBe(end);
    }
  });
});

describe('timeBoxWords', () => {
  it('says each time box in a few words, and nothing without one', () => {
    expect(timeBoxes.map(timeBoxWords)).toEqual([null, 'for 15 min', 'for 1 hour', 'until tomorrow 00:00']);
  });
});
