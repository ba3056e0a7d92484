import { describe, expect, it } from 'vitest';
import { requestedOf } from '../../extension/ui/sessions/requested.ts';
import {
  idleAfterMs,
  isPutAway,
  recentSessions,
  shelve,
  shownSessions,
} from '../../extension/ui/sessions/session-shelf.ts';
import { interaction, session } from './ui-fixtures.ts';

// docs/approver-ui.md "Sessions": ended sessions and sessions idle for a day leave the list,
// shown on demand ("Show N older"); a session with a question waiting never leaves it.

const now = Date.parse('2026-12-02T12:00:00.000Z');
const at = (msAgo: number) => new Date(now - msAgo).toISOString();
const ended = { endedAt: at(60_000) };

describe('isPutAway', () => {
  it.each([
    ['changed a minute ago', { updatedAt: at(60_000) }, undefined, false],
    ['changed a day less a second ago', { updatedAt: at(idleAfterMs - 1000) }, undefined, false],
    ['changed exactly a day ago', { updatedAt: at(idleAfterMs) }, undefined, true],
    ['changed a week ago', { updatedAt: at(7 * idleAfterMs) }, undefined, true],
    ['ended a minute ago, changed just now', { updatedAt: at(0), ...ended }, undefined, true],
    ['ended, a question still waiting', { updatedAt: at(0), ...ended }, 'i1', false],
    ['idle a week, a question waiting', { updatedAt: at(7 * idleAfterMs) }, 'i1', false],
    ['running again (endedAt null)', { updatedAt: at(0), endedAt: null }, undefined, false],
    ['an unreadable time', { updatedAt: 'yesterday-ish' }, undefined, false],
    ['a time in the future', { updatedAt: at(-idleAfterMs) }, undefined, false],
  ])('%s → %s', (_, fields, active, putAway) => {
    expect(isPutAway(session('s', active, fields), now)).toBe(putAway);
  });
});

describe('shelve and shownSessions', () => {
  const list = [
    session('fresh', undefined, { updatedAt: at(1000) }),
    session('ended', undefined, { updatedAt: at(2000), ...ended }),
    session('waiting-old', 'i1', { updatedAt: at(3 * idleAfterMs) }),
    session('stale', undefined, { updatedAt: at(2 * idleAfterMs) }),
  ];

  it('keeps the relay’s order in each part', () => {
    const shelf = shelve(list, now);
    expect(shelf.current.map((s) => s.sessionId)).toEqual(['fresh', 'waiting-old']);
    expect(shelf.older.map((s) => s.sessionId)).toEqual(['ended', 'stale']);
  });

  it('shows the older ones only when asked, after the current', () => {
    const shelf = shelve(list, now);
    expect(shownSessions(shelf, { all: false, older: false }).map((s) => s.sessionId)).toEqual([
      'fresh',
      'waiting-old',
    ]);
    expect(shownSessions(shelf, { all: false, older: true }).map((s) => s.sessionId)).toEqual([
      'fresh',
      'waiting-old',
      'ended',
      'stale',
    ]);
  });

  it('caps the current ones at twelve until "Show all"', () => {
    const many = Array.from({ length: recentSessions + 3 }, (_, i) =>
      session(`s${i}`, undefined, { updatedAt: at(i * 1000) }),
    );
    const shelf = shelve(many, now);
    expect(shownSessions(shelf, { all: false, older: false })).toHaveLength(recentSessions);
    expect(shownSessions(shelf, { all: true, older: false })).toHaveLength(recentSessions + 3);
  });

  it('an empty list is two empty parts', () => {
    expect(shelve([], now)).toEqual({ current: [], older: [] });
  });
});

describe('an ended session offers no grant', () => {
  const acceptEdits = {
    mode: 'acceptEdits',
    engineMode: 'accept_edits',
    label: 'Claude Code runs in acceptEdits: not applied',
  } as const;

  it('has nothing requested, though the relay’s view still names the request', () => {
    expect(requestedOf(session('s', undefined, { requested: acceptEdits, ...ended }))).toBeNull();
    expect(requestedOf(session('s', undefined, ended), interaction({ requested: acceptEdits }))).toBeNull();
    expect(requestedOf(session('s', undefined, { requested: acceptEdits, endedAt: null }))).toEqual(
      acceptEdits,
    );
  });
});
