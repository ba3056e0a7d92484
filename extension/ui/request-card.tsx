import { useEffect, useRef } from 'preact/hooks';
import { decisionBadge, decisionSection } from '../../shared/badges/index.ts';
import { ActionBar } from './action-bar.tsx';
import { type ApproverEvent, type CardUi, canAct } from './approver-state.ts';
import { Arguments } from './arguments.tsx';
import { Badge } from './badge.tsx';
import { type ActionKey, cardActions } from './card-actions.ts';
import { answeredElsewhere, isFinal } from './card-notice.ts';
import { type Card, cardKey } from './card-order.ts';
import { CardStatus } from './card-status.tsx';
import { DecisionSection } from './decision-section.tsx';
import { DenyForm } from './deny-form.tsx';
import { ModeSelector } from './mode-selector.tsx';
import type { ApproverPort } from './port.ts';
import { summaryLine } from './summary-line.ts';
import { resolutionOf } from './timeline-items.ts';

interface RequestCardProps {
  card: Card;
  ui: CardUi;
  /** The card keyboard shortcuts act on. */
  selected: boolean;
  /** Changes when the card should take focus (moved to with j/k, or opened for it). */
  focusSignal: number;
  port: ApproverPort;
  dispatch(event: ApproverEvent): void;
  onAnswer(card: Card, action: ActionKey, comment?: string): void;
}

/**
 * One session's active question: who asks, which tool, the decision's badge and summary, the
 * arguments, and the answers. Details (the decision section, the mode) open below the
 * arguments; the actions stay pinned in view however long the card grows.
 */
export function RequestCard({ card, ui, selected, focusSignal, port, dispatch, onAnswer }: RequestCardProps) {
  const { session, interaction } = card;
  const id = cardKey(card);
  const element = useRef<HTMLElement>(null);
  const actions = cardActions(interaction.actions);
  const actionable = canAct(card, ui);
  const badge = decisionBadge(interaction.decision);

  useEffect(() => {
    if (focusSignal > 0 && selected) element.current?.focus();
  }, [focusSignal]);

  // A question that left the inbox without our answer: ask the log how it ended, to say so.
  const wonder = !card.live && ui.sending === null && ui.sent === null && !isFinal(ui.notice);
  useEffect(() => {
    if (!wonder) return;
    let current = true;
    port.timeline(session.sessionId, 50).then(
      (result) => {
        if (!current || !result.ok) return;
        const resolution = resolutionOf(result.value, interaction.toolCallId);
        if (resolution)
          dispatch({
            type: 'learned',
            id,
            notice: answeredElsewhere({ decision: interaction.decision, resolution }),
          });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wonder]);

  const gone = !card.live || isFinal(ui.notice);
  const classes = ['card', gone ? 'card--gone' : '', selected ? 'card--selected' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article
      ref={element}
      class={classes}
      tabIndex={-1}
      data-testid="request"
      data-session-id={session.sessionId}
      data-interaction-id={id}
      data-risk={interaction.decision.risk}
      aria-label={`${interaction.tool} in ${session.title || session.sessionId}`}
    >
      <header class="card-head">
        <span class="session-title" data-testid="session-title">
          {session.title || session.sessionId}
        </span>
        {session.queueLength > 0 && (
          <span class="queue" data-testid="queue-count">
            +{session.queueLength} queued
          </span>
        )}
      </header>
      <div class="card-tool">
        <span class="tool" data-testid="tool">
          {interaction.tool}
        </span>
        {badge && <Badge badge={badge} />}
      </div>
      <p class="summary" data-testid="summary">
        {summaryLine(interaction.decision)}
      </p>
      <Arguments input={interaction.input} expanded={ui.expanded} />
      <button
        type="button"
        class="link"
        data-testid="expand"
        aria-expanded={ui.expanded}
        onClick={() => dispatch({ type: 'expand', id })}
      >
        {ui.expanded ? 'Hide details' : 'Details'}
      </button>
      {ui.expanded && <DecisionSection sections={decisionSection(interaction.decision)} />}
      {ui.expanded && <ModeSelector session={session} port={port} />}
      <div class="card-foot">
        <CardStatus ui={ui} live={card.live} />
        {actionable && ui.denying && (
          <DenyForm
            sending={ui.sending !== null}
            onConfirm={(comment) => onAnswer(card, 'deny', comment)}
            onCancel={() => {
              dispatch({ type: 'deny-cancel', id });
              element.current?.focus();
            }}
          />
        )}
        {actionable && !ui.denying && (
          <ActionBar
            actions={actions}
            sending={ui.sending}
            onAction={(action) =>
              action === 'deny' ? dispatch({ type: 'deny-open', id }) : onAnswer(card, action)
            }
          />
        )}
        {gone && ui.sending === null && (
          <button
            type="button"
            class="link"
            data-testid="dismiss"
            onClick={() => dispatch({ type: 'dismiss', id })}
          >
            Dismiss
          </button>
        )}
      </div>
    </article>
  );
}
