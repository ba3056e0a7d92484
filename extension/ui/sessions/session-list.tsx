import './sessions.css';
import { useEffect, useState } from 'preact/hooks';
import type { SessionView } from '../../../shared/contract/index.ts';
import type { ApproverPort } from '../port.ts';
import { SessionItem } from './session-item.tsx';
import { recentSessions, shelve, shownSessions } from './session-shelf.ts';

/**
 * The workspace's sessions, most recently changed first; ended ones and those idle for a day
 * wait behind "Show N older" (`session-shelf.ts`). Read again when `version` changes
 * (the caller passes something that moves with the inbox) or on Refresh; a read in flight
 * that a newer one overtook is dropped.
 */
export function SessionList({ port, version }: { port: ApproverPort; version: string }) {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const [all, setAll] = useState(false);
  const [older, setOlder] = useState(false);
  // A page left open (/app on a phone) reads again when it is looked at again: decisions that
  // asked nobody (allows, denies, Full Access) change no inbox, so nothing else would tell it.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setRefreshes((count) => count + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  useEffect(() => {
    let current = true;
    port.sessions().then(
      (result) => {
        if (!current) return;
        if (result.ok) {
          setSessions(result.value);
          setError(null);
        } else setError(result.message);
      },
      (cause: unknown) => current && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      current = false;
    };
  }, [port, version, refreshes]);

  const shelf = shelve(sessions ?? [], Date.now());
  const shown = shownSessions(shelf, { all, older });
  return (
    <section class="sessions" data-testid="sessions" aria-labelledby="sessions-heading">
      <div class="sessions-bar">
        <h2 id="sessions-heading">Sessions</h2>
        <button
          type="button"
          class="link"
          data-testid="sessions-refresh"
          onClick={() => setRefreshes((count) => count + 1)}
        >
          Refresh
        </button>
      </div>
      {error && (
        <p class="error" data-testid="sessions-error" role="alert">
          Sessions not loaded: {error}
        </p>
      )}
      {sessions !== null && sessions.length === 0 && <p class="quiet">No sessions yet.</p>}
      {sessions !== null && sessions.length > 0 && shelf.current.length === 0 && !older && (
        <p class="quiet" data-testid="sessions-none-current">
          No session ran in the last day.
        </p>
      )}
      {shown.map((session) => (
        <SessionItem key={session.sessionId} session={session} port={port} />
      ))}
      {!all && shelf.current.length > recentSessions && (
        <button type="button" class="link" data-testid="sessions-all" onClick={() => setAll(true)}>
          Show all {shelf.current.length} sessions
        </button>
      )}
      {shelf.older.length > 0 && (
        <button
          type="button"
          class="link"
          data-testid="sessions-older"
          aria-expanded={older}
          onClick={() => setOlder(!older)}
        >
          {older ? 'Hide older' : `Show ${shelf.older.length} older`}
        </button>
      )}
    </section>
  );
}
