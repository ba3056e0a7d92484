import type { SessionView } from '../../../shared/contract/index.ts';

/** A session nobody has seen change for this long has sat idle: the list puts it away. */
export const idleAfterMs = 24 * 60 * 60 * 1000;

/** Sessions shown before "Show all": enough for a popup, without a wall of old runs. */
export const recentSessions = 12;

/** The session list, split: what is current, and what was put away until asked for. */
export interface SessionShelf {
  current: SessionView[];
  older: SessionView[];
}

/** Whether the agent said the session ended (a resumed session is running again: no `endedAt`). */
export const hasEnded = (session: SessionView) => typeof session.endedAt === 'string';

/**
 * Put away: ended, or idle for a day (`updatedAt`, the last change an approver sees, at least
 * `idleAfterMs` before `now`). A session with a question waiting is never put away, whatever
 * its age says; a time that does not parse counts as current (nothing is hidden on a guess).
 */
export function isPutAway(session: SessionView, now: number): boolean {
  if (session.activeInteraction) return false;
  if (hasEnded(session)) return true;
  const updated = Date.parse(session.updatedAt);
  return Number.isFinite(updated) && now - updated >= idleAfterMs;
}

/** Splits the relay's list (most recently changed first), keeping its order in each part. */
export function shelve(sessions: readonly SessionView[], now: number): SessionShelf {
  const shelf: SessionShelf = { current: [], older: [] };
  for (const session of sessions) (isPutAway(session, now) ? shelf.older : shelf.current).push(session);
  return shelf;
}

/** What the list shows: the current sessions (twelve until "Show all"), then the older when asked. */
export function shownSessions(shelf: SessionShelf, options: { all: boolean; older: boolean }): SessionView[] {
  const current = options.all ? shelf.current : shelf.current.slice(0, recentSessions);
  return options.older ? [...current, ...shelf.older] : current;
}
