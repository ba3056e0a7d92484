import './sessions.css';
import { useState } from 'preact/hooks';
import type { SessionView } from '../../../shared/contract/index.ts';
import { GrantsList } from '../grants/grants-list.tsx';
import type { ApproverPort } from '../port.ts';
import { Timeline } from '../timeline/timeline.tsx';
import { modeLabel } from './mode-names.ts';
import { ModeSelector } from './mode-selector.tsx';
import { newerView, requestedOf } from './requested.ts';
import { RequestedLine } from './requested-line.tsx';
import { hasEnded } from './session-shelf.ts';

/**
 * One session of the workspace: title and agent, and what its agent asked for and runs without;
 * opened, its mode and its timeline. A grant's answer is shown at once, until a newer view of
 * the session arrives from the list.
 */
export function SessionItem({ session: listed, port }: { session: SessionView; port: ApproverPort }) {
  const [open, setOpen] = useState(false);
  const [answered, setAnswered] = useState<SessionView | null>(null);
  const session = newerView(listed, answered);
  const requested = requestedOf(session);
  return (
    <section class="session" data-testid="session" data-session-id={session.sessionId}>
      <button
        type="button"
        class="session-head"
        data-testid="session-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span class="session-name">{session.title || session.sessionId}</span>
        {session.agent && <span class="quiet">{session.agent}</span>}
        {session.activeInteraction && <span class="waiting">waiting</span>}
        {hasEnded(session) && (
          <span class="quiet" data-testid="session-ended">
            ended
          </span>
        )}
      </button>
      {requested && (
        <RequestedLine session={session} requested={requested} port={port} onGranted={setAnswered} />
      )}
      {open && (
        <div class="session-body">
          {hasEnded(session) ? (
            // An ended session offers no grant, a mode switch included: its mode as text.
            <dl class="decision-rows">
              <dt>Mode</dt>
              <dd data-testid="ended-mode">
                {modeLabel(session.mode, new Map(session.modes.map((mode) => [mode.id, mode.label])))} · ended
              </dd>
            </dl>
          ) : session.modes.length === 0 ? (
            <dl class="decision-rows">
              <ModeSelector session={session} port={port} />
            </dl>
          ) : (
            <ModeSelector session={session} port={port} onChanged={setAnswered} />
          )}
          <Timeline
            port={port}
            sessionId={session.sessionId}
            version={session.updatedAt}
            modeLabels={new Map(session.modes.map((mode) => [mode.id, mode.label]))}
          />
          <GrantsList port={port} sessionId={session.sessionId} version={session.updatedAt} />
        </div>
      )}
    </section>
  );
}
