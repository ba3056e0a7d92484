import './timeline.css';
import { useState } from 'preact/hooks';
import { decisionBadge, decisionSection } from '../../../shared/badges/index.ts';
import { capitalize } from '../../../shared/badges/words.ts';
import { answeredBy, callSummary, modeChangeText, promptRowText } from '../card/call-summary.ts';
import { Badge } from '../common/badge.tsx';
import { DecisionSection } from '../common/decision-section.tsx';
import type { ModeItem, PromptItem, TimelineItem } from './timeline-items.ts';

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

/**
 * One tool call: its tool, what it was about (command, path, URL), its badge, risk, who answered
 * and how it ran; opened, its decision section (both stages once resolved).
 */
export function TimelineEntry({ item }: { item: TimelineItem }) {
  const [open, setOpen] = useState(false);
  const badge = decisionBadge(item.decision, item.resolution);
  return (
    <li
      class="timeline-entry"
      data-testid="timeline-entry"
      data-tool-call-id={item.toolCallId}
      data-behavior={item.decision.behavior}
    >
      <button type="button" class="timeline-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span class="timeline-line">
          <span class="tool" data-testid="tool">
            {item.tool ?? item.toolCallId}
          </span>
          <span class="timeline-about mono" data-testid="about">
            {callSummary(item.tool, item.input)}
          </span>
        </span>
        <span class="timeline-line timeline-facts">
          {badge && <Badge badge={badge} />}
          <span class="risk" data-testid="risk" data-risk={item.decision.risk}>
            {capitalize(item.decision.risk)} risk
          </span>
          {item.resolution && (
            <span class="quiet" data-testid="answered-by">
              {answeredBy(item.resolution)}
            </span>
          )}
          {item.mark && (
            <span class="quiet" data-testid="attested" data-mark={item.mark}>
              {item.mark === 'passkey' ? 'Signed · passkey' : 'Signed'}
            </span>
          )}
          {item.result && (
            <span class="result" data-testid="result" data-status={item.result}>
              {item.result === 'ok' ? 'Ran · ok' : 'Ran · error'}
            </span>
          )}
          <time class="when" dateTime={item.decidedAt}>
            {timeOf(item.decidedAt)}
          </time>
        </span>
      </button>
      {open && <DecisionSection sections={decisionSection(item.decision, item.resolution)} />}
    </li>
  );
}

/** A mode switch, with who made it; a switch to Full Access in Full Access's violet. */
export function ModeEntry({ item, labels }: { item: ModeItem; labels: ReadonlyMap<string, string> }) {
  return (
    <li
      class="timeline-entry timeline-mode"
      data-testid="mode-change"
      data-engine-mode={item.change.engineMode}
    >
      <span class="timeline-head">
        <span class="mode-text" data-testid="mode-change-text">
          {modeChangeText(item.change, labels)}
        </span>
        {item.change.engineMode === 'bypass' && (
          <span class="badge" data-color="violet">
            Full Access
          </span>
        )}
        <time class="when" dateTime={item.at}>
          {timeOf(item.at)}
        </time>
      </span>
    </li>
  );
}

/** The user's request, in one line ("Asked: …"); the agent reported it, so the row says so. */
export function PromptEntry({ item }: { item: PromptItem }) {
  return (
    <li
      class="timeline-entry timeline-prompt"
      data-testid="user-prompt"
      data-prompt-id={item.prompt.promptId}
    >
      <span class="timeline-head">
        <span class="timeline-about" data-testid="user-prompt-text" title="as reported by the agent">
          {promptRowText(item.prompt.text)}
        </span>
        <time class="when" dateTime={item.at}>
          {timeOf(item.at)}
        </time>
      </span>
    </li>
  );
}
