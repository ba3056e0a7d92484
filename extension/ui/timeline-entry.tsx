import { useState } from 'preact/hooks';
import { decisionBadge, decisionSection } from '../../shared/badges/index.ts';
import { Badge } from './badge.tsx';
import { DecisionSection } from './decision-section.tsx';
import { answeredBy, type TimelineItem } from './timeline-items.ts';

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

/** One tool call: its name and badge; opened, its decision section (both stages once resolved). */
export function TimelineEntry({ item }: { item: TimelineItem }) {
  const [open, setOpen] = useState(false);
  const badge = decisionBadge(item.decision, item.resolution);
  const by = answeredBy(item);
  return (
    <li class="timeline-entry" data-testid="timeline-entry" data-tool-call-id={item.toolCallId}>
      <button type="button" class="timeline-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span class="tool" data-testid="tool">
          {item.tool ?? item.toolCallId}
        </span>
        {badge && <Badge badge={badge} />}
        {by && (
          <span class="by" data-testid="answered-by">
            · {by}
          </span>
        )}
        <time class="when" dateTime={item.decidedAt}>
          {timeOf(item.decidedAt)}
        </time>
      </button>
      {open && <DecisionSection sections={decisionSection(item.decision, item.resolution)} />}
    </li>
  );
}
