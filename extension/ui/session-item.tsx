import { useState } from 'preact/hooks';
import type { SessionView } from '../../shared/contract/index.ts';
import { GrantsList } from './grants-list.tsx';
import { ModeSelector } from './mode-selector.tsx';
import type { ApproverPort } from './port.ts';
import { Timeline } from './timeline.tsx';

/** One session of the workspace: title and agent; opened, its mode and its timeline. */
export function SessionItem({ session, port }: { session: SessionView; port: ApproverPort }) {
  const [open, setOpen] = useState(false);
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
      </button>
      {open && (
        <div class="session-body">
          <ModeSelector session={session} port={port} />
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
