import './timeline.css';
import { useEffect, useState } from 'preact/hooks';
import type { ApproverPort } from '../port.ts';
import { ModeEntry, PromptEntry, TimelineEntry } from './timeline-entry.tsx';
import { isCall, type TimelineRow, timelineRows } from './timeline-items.ts';

/** How many of a session's newest events the timeline reads (a few per tool call). */
export const timelineEvents = 200;

/**
 * A session's recent decisions, newest first, read from the relay's audit log so they survive
 * a reload. Read again whenever `version` changes (the session's `updatedAt`).
 */
export function Timeline({
  port,
  sessionId,
  version,
  modeLabels = new Map(),
}: {
  port: ApproverPort;
  sessionId: string;
  version: string;
  /** The session's declared modes, id → label, for the mode-change rows. */
  modeLabels?: ReadonlyMap<string, string>;
}) {
  const [items, setItems] = useState<TimelineRow[] | null>(null);
  const [asksOnly, setAsksOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    port.timeline(sessionId, timelineEvents).then(
      (result) => {
        if (!current) return;
        if (result.ok) {
          setItems(timelineRows(result.value));
          setError(null);
        } else setError(result.message);
      },
      (cause: unknown) => current && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      current = false;
    };
  }, [port, sessionId, version]);

  const shown = (items ?? []).filter(
    (item) => !asksOnly || (isCall(item) && item.decision.behavior === 'ask'),
  );
  return (
    <div class="timeline">
      <label class="timeline-filter">
        <input
          type="checkbox"
          data-testid="asks-only"
          checked={asksOnly}
          onChange={(event) => setAsksOnly(event.currentTarget.checked)}
        />{' '}
        Asks only
      </label>
      {error && (
        <p class="error" data-testid="timeline-error" role="alert">
          Timeline not loaded: {error}
        </p>
      )}
      {items === null && !error && <p class="quiet">Loading decisions…</p>}
      {items !== null && shown.length === 0 && (
        <p class="quiet">{asksOnly ? 'No asks yet.' : 'No decisions yet.'}</p>
      )}
      <ol class="timeline-list" data-testid="timeline">
        {shown.map((item) =>
          item.kind === 'mode' ? (
            <ModeEntry key={`mode-${item.seq}`} item={item} labels={modeLabels} />
          ) : item.kind === 'prompt' ? (
            <PromptEntry key={`prompt-${item.seq}`} item={item} />
          ) : (
            <TimelineEntry key={item.toolCallId} item={item} />
          ),
        )}
      </ol>
    </div>
  );
}
