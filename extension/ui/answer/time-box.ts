/**
 * How long a wider answer lasts: as long as its scope (the session, or until
 * revoked), or a time box the approver picks. The client computes the end, so "until tomorrow"
 * means the approver's own midnight, not the relay's.
 */
export const timeBoxes = ['none', '15m', '1h', 'tomorrow'] as const;
export type TimeBox = (typeof timeBoxes)[number];

export const timeBoxLabel: Record<TimeBox, string> = {
  none: 'No time limit',
  '15m': '15 min',
  '1h': '1 hour',
  tomorrow: 'Until tomorrow 00:00',
};

/** The time box's end as the answer's `expires_at` (ISO, UTC), or undefined without one. */
export function expiresAtFor(box: TimeBox, now: Date): string | undefined {
  switch (box) {
    case 'none':
      return undefined;
    case '15m':
      return new Date(now.getTime() + 15 * 60_000).toISOString();
    case '1h':
      return new Date(now.getTime() + 60 * 60_000).toISOString();
    case 'tomorrow': {
      // Local midnight that starts the next calendar day (the Date constructor rolls the month
      // and year over, and keeps local time across a daylight-saving change).
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
      return midnight.toISOString();
    }
  }
}

/** The time box in the words of a sent line or a grant row: `for 15 min`, `until tomorrow`. */
export function timeBoxWords(box: TimeBox): string | null {
  switch (box) {
    case 'none':
      return null;
    case 'tomorrow':
      return 'until tomorrow 00:00';
    default:
      return `for ${timeBoxLabel[box]}`;
  }
}
