import { useEffect, useState } from 'preact/hooks';
import type { ApproverPort } from './port.ts';
import { TimelineEntry } from './timeline-entry.tsx';
import { type TimelineItem, timelineItems } from './timeline-items.ts';

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
}: {
  port: ApproverPort;
  sessionId: string;
  version: string;
}) {
  const [items, setItems] = useState<TimelineItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    port.timeline(sessionId, timelineEvents).then(
      (result) => {
        if (!current) return;
        if (result.ok) {
          setItems(timelineItems(result.value));
          setError(null);
        } else setError(result.message);
      },
      (cause: unknown) => current && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      current = false;
    };
  }, [port, sessionId, version]);

  return (
    <div class="timeline">
      {error && (
        <p class="error" data-testid="timeline-error" role="alert">
          Timeline not loaded: {error}
        </p>
      )}
      {items === null && !error && <p class="quiet">Loading decisions…</p>}
      {items !== null && items.length === 0 && <p class="quiet">No decisions yet.</p>}
      <ol class="timeline-list" data-testid="timeline">
        {(items ?? []).map((item) => (
          <TimelineEntry key={item.toolCallId} item={item} />
        ))}
      </ol>
    </div>
  );
}
