/**
 * A time box as people read it in a reason: "until 14:05 UTC" today (by the relay's clock, in
 * UTC: the engine knows no time zone), "until 2025-06-02 09:00 UTC" on another day.
 */
export function untilText(expiresAt: number, now: number | undefined): string {
  const at = new Date(expiresAt).toISOString();
  const day = at.slice(0, 10);
  const time = at.slice(11, 16);
  const today = now === undefined ? undefined : new Date(now).toISOString().slice(0, 10);
  return day === today ? `until ${time} UTC` : `until ${day} ${time} UTC`;
}

/** " (until …)" for a grant with a time box, "" for one without. */
export function untilSuffix(expiresAt: number | undefined, now: number | undefined): string {
  return expiresAt === undefined ? '' : ` (${untilText(expiresAt, now)})`;
}

/** `A`, `A and B`, `A, B and C`. */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
