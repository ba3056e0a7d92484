import './approver.css';
import type { ComponentChildren } from 'preact';
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { Interaction } from '../../shared/contract/index.ts';
import { approvalAnswer, type Choice, choiceOf, isOffered, sentAs } from './answer/answer-choice.ts';
import type { BatchAction } from './answer/batch-line.tsx';
import { type ActionKey, denyAnswer } from './answer/card-actions.ts';
import { type AnswerVia, needsConfirm } from './answer/friction.ts';
import { shortcutFor, shortcutHint } from './answer/shortcuts.ts';
import {
  approverReducer,
  canAct,
  cardUi,
  initialApproverState,
  isFolded,
  shownState,
} from './approver-state.ts';
import { type Card, cardKey } from './card/card-order.ts';
import { identicalGroups } from './card/identical-calls.ts';
import { RequestCard } from './card/request-card.tsx';
import { GrantsList } from './grants/grants-list.tsx';
import type { ApproverPort, BatchResult, PortResult } from './port.ts';
import { SessionList } from './sessions/session-list.tsx';
import { StateNotice } from './state-notice.tsx';

/** What differs between the surfaces that show the approver: the popup and /app. */
export interface ApproverExtras {
  /** `popup` is sized for a toolbar popup (~380 px); `app` gets touch-sized targets. Default `popup`. */
  surface?: 'popup' | 'app';
  /** Shown in the unpaired state: the popup's way to the options page, /app's pairing form. */
  unpaired?: ComponentChildren;
  /** Reconnect at once. Given, the unreachable state offers a Retry button. */
  retry?: () => void;
  /** Select and focus this session's card when it shows (the popup opened for one request). */
  focusSessionId?: string;
  /** Extra controls at the end of the top bar, e.g. /app's "Forget this relay". */
  toolbar?: ComponentChildren;
}

/** Port results that threw instead of answering (a port must not, but a closed page's may). */
const thrown = (cause: unknown): Extract<PortResult<never>, { ok: false }> => ({
  ok: false,
  refusal: 'unreachable',
  message: cause instanceof Error ? cause.message : String(cause),
});

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The approver: every pending question (one card per session), the state of the connection,
 * and the workspace's sessions with their timelines. Everything it knows comes from `port`.
 */
export function Approver({ port, extras = {} }: { port: ApproverPort; extras?: ApproverExtras }) {
  const [state, dispatch] = useReducer(approverReducer, extras.focusSessionId, initialApproverState);
  const [focusSignal, setFocusSignal] = useState(0);
  const inFlight = useRef(new Set<string>());
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => port.subscribe((inbox) => dispatch({ type: 'inbox', state: inbox })), [port]);

  // The card a notification pointed at takes focus once it shows.
  const awaitingFocus = state.focusSessionId !== null;
  useEffect(() => {
    if (extras.focusSessionId && !awaitingFocus) setFocusSignal((signal) => signal + 1);
  }, [awaitingFocus]);

  async function answer(card: Card, chosen: ActionKey | Choice, comment?: string) {
    const id = cardKey(card);
    const choice = choiceOf(chosen);
    if (
      !isOffered(card.interaction, choice) ||
      inFlight.current.has(id) ||
      !canAct(card, cardUi(latest.current, id))
    )
      return;
    inFlight.current.add(id);
    dispatch({ type: 'sending', id, action: choice.action });
    const sent = choice.action === 'deny' ? denyAnswer(comment ?? '') : approvalAnswer(choice, new Date());
    const result = await port
      .respond({ sessionId: card.session.sessionId, interactionId: id, answer: sent })
      .catch(thrown);
    inFlight.current.delete(id);
    const shown = result.ok ? sentAs(choice, result.value) : { action: choice.action, detail: [] };
    dispatch({ type: 'answered', id, action: shown.action, result, detail: shown.detail });
  }

  /**
   * One answer for every session waiting on the same call (POST /interaction-respond-many):
   * each card is sent, answered and shown as if answered alone, with its own result.
   */
  async function answerAll(group: Card[], action: BatchAction) {
    const members = group.filter(
      (card) =>
        isOffered(card.interaction, { action }) &&
        !inFlight.current.has(cardKey(card)) &&
        canAct(card, cardUi(latest.current, cardKey(card))),
    );
    if (members.length < 2) return;
    for (const card of members) {
      inFlight.current.add(cardKey(card));
      dispatch({ type: 'sending', id: cardKey(card), action });
    }
    const sent = action === 'deny' ? denyAnswer('') : approvalAnswer({ action }, new Date());
    const items = members.map((card) => ({
      sessionId: card.session.sessionId,
      interactionId: cardKey(card),
    }));
    const answered: PortResult<BatchResult[]> = await port.respondMany(items, sent).catch(thrown);
    for (const card of members) {
      const id = cardKey(card);
      inFlight.current.delete(id);
      const own = answered.ok ? answered.value.find((item) => item.interactionId === id) : undefined;
      const result: PortResult<Interaction> = answered.ok
        ? (own?.result ?? {
            ok: false,
            refusal: 'unreachable',
            message: 'the relay said nothing of this question',
          })
        : answered;
      const shown = result.ok ? sentAs({ action }, result.value) : { action, detail: [] };
      const detail = result.ok ? [...shown.detail, `answered with ${members.length - 1} more`] : [];
      dispatch({ type: 'answered', id, action: shown.action, result, detail });
    }
  }

  /**
   * An answer chosen by click or key: Deny opens its form, a wider answer that needs it opens
   * its confirm step (friction.ts), anything else is sent.
   */
  function choose(card: Card, chosen: ActionKey | Choice, via: AnswerVia) {
    const id = cardKey(card);
    const choice = choiceOf(chosen);
    if (!isOffered(card.interaction, choice) || !canAct(card, cardUi(latest.current, id))) return;
    if (choice.action === 'deny') dispatch({ type: 'deny-open', id });
    else if (needsConfirm(choice, card.interaction.decision.risk, via))
      dispatch({ type: 'confirm-open', id, choice });
    else void answer(card, choice);
  }

  const act = useRef(choose);
  act.current = choose;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const shortcut = shortcutFor(event);
      const { cards, selected } = latest.current;
      if (!shortcut || cards.length === 0) return;
      const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(
        '[data-testid="request"]',
      );
      const focusedIndex = cards.findIndex((card) => cardKey(card) === focused?.dataset.interactionId);
      const index = focusedIndex === -1 ? selected : focusedIndex;
      const card = cards[index];
      if (!card) return;
      event.preventDefault();
      if (shortcut.kind === 'move') {
        dispatch({ type: 'select', index: index + shortcut.by });
        setFocusSignal((signal) => signal + 1);
      } else if (shortcut.kind === 'expand') {
        dispatch({ type: 'expand', id: cardKey(card) });
      } else {
        act.current(card, shortcut.action, 'key');
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const shown = shownState(state);
  const groups = identicalGroups(state.cards, (card) => canAct(card, cardUi(state, cardKey(card))));
  const batchOf = (card: Card) => {
    const group = groups.get(cardKey(card));
    if (!group) return undefined;
    const actions = (['allow_once', 'deny'] as const).filter((action) =>
      group.every((member) => isOffered(member.interaction, { action })),
    );
    return {
      count: group.length,
      actions,
      onAnswerAll: (action: BatchAction) => void answerAll(group, action),
    };
  };
  const folded = state.cards.filter((card) => isFolded(card, cardUi(state, cardKey(card)))).length;
  // The session list follows the inbox: any change there is worth a fresh read.
  const inboxVersion = `${state.connection}|${state.cards.map((card) => `${cardKey(card)}:${card.session.updatedAt}`).join(',')}`;
  return (
    <main
      class={`approver approver--${extras.surface ?? 'popup'}`}
      data-testid="approver"
      data-connection={state.connection}
    >
      <header class="approver-bar">
        <span class="brand">Gatehouse</span>
        {state.relayUrl && <span class="relay quiet">{state.relayUrl.replace(/^https?:\/\//, '')}</span>}
        {extras.toolbar}
      </header>
      {shown && (
        <StateNotice
          shown={shown}
          relayUrl={state.relayUrl}
          error={state.error}
          unpaired={extras.unpaired}
          retry={extras.retry}
        />
      )}
      {state.cards.length > 0 && (
        <section class="requests" aria-label="Waiting for you">
          {state.cards.map((card, index) => (
            <RequestCard
              key={cardKey(card)}
              card={card}
              ui={cardUi(state, cardKey(card))}
              selected={index === state.selected}
              focusSignal={focusSignal}
              port={port}
              dispatch={dispatch}
              onChoose={choose}
              onAnswer={(target, action, comment) => void answer(target, action, comment)}
              batch={batchOf(card)}
            />
          ))}
          {folded > 0 && (
            <button
              type="button"
              class="link"
              data-testid="clear-folded"
              onClick={() => dispatch({ type: 'clear-folded' })}
            >
              Clear {folded === 1 ? 'the ended request' : `${folded} ended requests`}
            </button>
          )}
          <p class="shortcuts quiet" data-testid="shortcuts">
            {shortcutHint}
          </p>
        </section>
      )}
      {state.connection !== 'unpaired' && <SessionList port={port} version={inboxVersion} />}
      {state.connection !== 'unpaired' && <GrantsList port={port} version={inboxVersion} />}
    </main>
  );
}
