import '../common/common.css';
import './card.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { decisionBadge, decisionSection } from '../../../shared/badges/index.ts';
import type { SessionView } from '../../../shared/contract/index.ts';
import { argumentPreview } from '../../lib/preview.ts';
import type { Choice } from '../answer/answer-choice.ts';
import { AnswerMenu } from '../answer/answer-menu.tsx';
import { type BatchAction, BatchLine } from '../answer/batch-line.tsx';
import type { ActionKey } from '../answer/card-actions.ts';
import { ConfirmAnswer } from '../answer/confirm-answer.tsx';
import { DenyForm } from '../answer/deny-form.tsx';
import type { AnswerVia } from '../answer/friction.ts';
import { LearnedLine } from '../answer/learned-line.tsx';
import { learnedOffer } from '../answer/learned-offer.ts';
import { type ApproverEvent, type CardUi, canAct, isFolded } from '../approver-state.ts';
import { Badge } from '../common/badge.tsx';
import { countdownText, useNow } from '../common/countdown.ts';
import { DecisionSection } from '../common/decision-section.tsx';
import type { ApproverPort } from '../port.ts';
import { ModeSelector } from '../sessions/mode-selector.tsx';
import { newerView, requestedOf } from '../sessions/requested.ts';
import { RequestedLine } from '../sessions/requested-line.tsx';
import { resolutionOf } from '../timeline/timeline-items.ts';
import { CallView } from './call-view.tsx';
import { answeredElsewhere, isFinal } from './card-notice.ts';
import { type Card, cardKey } from './card-order.ts';
import { CardStatus } from './card-status.tsx';
import { DeliveryLine } from './delivery-line.tsx';
import { PasskeyLine } from './passkey-line.tsx';
import { passkeyNotice } from './passkey-notice.ts';
import { PromptLine } from './prompt-line.tsx';
import { ReasonLine } from './reason-line.tsx';
import { summaryLine } from './summary-line.ts';

/** How long a card answered here stays folded to "Sent · …" after its question left the inbox. */
export const sentLingerMs = 4000;

interface RequestCardProps {
  card: Card;
  ui: CardUi;
  /** The card keyboard shortcuts act on. */
  selected: boolean;
  /** Changes when the card should take focus (moved to with j/k, or opened for it). */
  focusSignal: number;
  port: ApproverPort;
  dispatch(event: ApproverEvent): void;
  /** An answer chosen on the card; the approver decides whether it needs its confirm step first. */
  onChoose(card: Card, choice: ActionKey | Choice, via: AnswerVia): void;
  onAnswer(card: Card, choice: ActionKey | Choice, comment?: string): void;
  /** The same call waits in other sessions too: answering all of them at once. */
  batch?: { count: number; actions: BatchAction[]; onAnswerAll(action: BatchAction): void };
}

/** "Not this": the relay's refusal in words, or null once the rule is declined. */
const declineWith = (port: ApproverPort) => async (rule: string) => {
  const result = await port
    .declineSuggestion(rule)
    .catch((cause: unknown) => ({ ok: false as const, message: String(cause) }));
  return result.ok ? null : result.message;
};

/**
 * One session's active question: who asks, which tool, its badge, why it was asked, the change
 * it makes, and the answers — in that order, all in the card's normal flow, so no part of a card
 * ever lies over another. A question that ended folds to one grey line saying how.
 */
export function RequestCard(props: RequestCardProps) {
  const { card, ui, port, dispatch } = props;
  const { session, interaction } = card;
  const id = cardKey(card);

  // A question that left the inbox without our answer: ask the log how it ended, to say so.
  const wonder = !card.live && ui.sending === null && ui.sent === null && !isFinal(ui.notice);
  useEffect(() => {
    if (!wonder) return;
    let current = true;
    port.timeline(session.sessionId, 50).then(
      (result) => {
        if (!current || !result.ok) return;
        const resolution = resolutionOf(result.value, interaction.toolCallId);
        if (resolution) dispatch({ type: 'learned', id, notice: answeredElsewhere({ resolution }) });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wonder]);

  // Answered here and gone from the inbox: "Sent · …" stays a moment, then the card leaves.
  const leaving = !card.live && ui.sent !== null;
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => dispatch({ type: 'dismiss', id }), sentLingerMs);
    return () => clearTimeout(timer);
  }, [leaving]);

  return isFolded(card, ui) ? <FoldedCard {...props} /> : <OpenCard {...props} />;
}

/** An ended question: tool, what it was about, and what happened, on one grey line. */
function FoldedCard({ card, ui }: RequestCardProps) {
  const { session, interaction } = card;
  return (
    <article
      class="card card--folded"
      data-testid="request"
      data-state="folded"
      data-session-id={session.sessionId}
      data-interaction-id={cardKey(card)}
      data-risk={interaction.decision.risk}
      aria-label={`${interaction.tool} in ${session.title || session.sessionId}, ended`}
    >
      <span class="tool" data-testid="tool">
        {interaction.tool}
      </span>
      <span class="folded-about quiet">{argumentPreview(interaction.input, 60)}</span>
      <CardStatus ui={ui} live={card.live} />
    </article>
  );
}

function OpenCard({
  card,
  ui,
  selected,
  focusSignal,
  port,
  dispatch,
  onChoose,
  onAnswer,
  batch,
}: RequestCardProps) {
  const id = cardKey(card);
  const passkey = passkeyNotice(card.interaction.decision.risk, port.passkeys?.(), {
    sessionId: card.session.sessionId,
    interactionId: card.interaction.interactionId,
  });
  // A passkey this page cannot ask for: only Deny stays here, Approve is a link to /app.
  const interaction =
    passkey.kind === 'elsewhere'
      ? {
          ...card.interaction,
          actions: card.interaction.actions.filter((action) => action.behavior === 'deny'),
        }
      : card.interaction;
  // A grant or a mode switch made here shows at once; the inbox's next view of the session wins.
  const [answered, setAnswered] = useState<SessionView | null>(null);
  const session = newerView(card.session, answered);
  const requested = requestedOf(session, interaction);
  const element = useRef<HTMLElement>(null);
  const actionable = canAct(card, ui);
  const badge = decisionBadge(interaction.decision);
  const countdown = countdownText(interaction.expiresAt, useNow(card.live && interaction.expiresAt !== null));
  const learned = learnedOffer(interaction);

  useEffect(() => {
    if (focusSignal > 0 && selected) element.current?.focus();
  }, [focusSignal]);

  const classes = ['card', selected ? 'card--selected' : ''].filter(Boolean).join(' ');
  return (
    <article
      ref={element}
      class={classes}
      tabIndex={-1}
      data-testid="request"
      data-state="open"
      data-session-id={session.sessionId}
      data-interaction-id={id}
      data-risk={interaction.decision.risk}
      aria-label={`${interaction.tool} in ${session.title || session.sessionId}`}
    >
      <header class="card-head" data-testid="card-head">
        <span class="session-title" data-testid="session-title">
          {session.title || session.sessionId}
        </span>
        {session.queueLength > 0 && (
          <span class="queue" data-testid="queue-count">
            +{session.queueLength} queued
          </span>
        )}
        {countdown && (
          <span class="countdown" data-testid="countdown">
            {countdown}
          </span>
        )}
      </header>
      <PasskeyLine notice={passkey} />
      <PromptLine prompt={interaction.prompt} expanded={ui.expanded} />
      <div class="card-tool" data-testid="tool-line">
        <span class="tool" data-testid="tool">
          {interaction.tool}
        </span>
        {badge && (
          <Badge
            badge={badge}
            {...(interaction.decision.behavior === 'ask' ? { risk: interaction.decision.risk } : {})}
          />
        )}
      </div>
      <p class="summary" data-testid="summary">
        {summaryLine(interaction.decision)}
      </p>
      <ReasonLine decision={interaction.decision} />
      {requested && (
        <RequestedLine session={session} requested={requested} port={port} onGranted={setAnswered} />
      )}
      <CallView
        tool={interaction.tool}
        input={interaction.input}
        decision={interaction.decision}
        expanded={ui.expanded}
      />
      <button
        type="button"
        class="link"
        data-testid="expand"
        aria-expanded={ui.expanded}
        onClick={() => dispatch({ type: 'expand', id })}
      >
        {ui.expanded ? 'Hide details' : 'Details'}
      </button>
      {/* With no declared modes there is nothing to choose: the mode is a row of the details grid. */}
      {ui.expanded && (
        <DecisionSection
          sections={decisionSection(interaction.decision)}
          more={session.modes.length === 0 && <ModeSelector session={session} port={port} />}
        />
      )}
      {ui.expanded && session.modes.length > 0 && (
        <ModeSelector session={session} port={port} onChanged={setAnswered} />
      )}
      <DeliveryLine session={session} interactionId={interaction.interactionId} />
      <div class="card-foot" data-testid="card-foot">
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
        {actionable && !ui.denying && ui.confirming && (
          <ConfirmAnswer
            choice={ui.confirming}
            tool={interaction.tool}
            risk={interaction.decision.risk}
            sending={ui.sending !== null}
            onConfirm={() => ui.confirming && onAnswer(card, ui.confirming)}
            onCancel={() => {
              dispatch({ type: 'confirm-cancel', id });
              element.current?.focus();
            }}
          />
        )}
        {actionable && !ui.denying && !ui.confirming && batch && passkey.kind !== 'elsewhere' && (
          <BatchLine
            count={batch.count}
            actions={batch.actions}
            sending={ui.sending !== null}
            onAnswerAll={batch.onAnswerAll}
          />
        )}
        {actionable && !ui.denying && !ui.confirming && learned && passkey.kind !== 'elsewhere' && (
          <LearnedLine
            offer={learned}
            sending={ui.sending !== null}
            onAccept={(choice) => onChoose(card, choice, 'click')}
            onDecline={declineWith(port)}
          />
        )}
        {actionable && !ui.denying && !ui.confirming && (
          <AnswerMenu
            interaction={interaction}
            sending={ui.sending}
            onChoose={(choice) => onChoose(card, choice, 'click')}
          />
        )}
      </div>
    </article>
  );
}
