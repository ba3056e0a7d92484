import type { Interaction } from '../../shared/contract/index.ts';
import type { Choice } from './answer/answer-choice.ts';
import type { ActionKey } from './answer/card-actions.ts';
import { type CardNotice, isFinal, noticeFor } from './card/card-notice.ts';
import { arrangeCards, type Card, cardKey } from './card/card-order.ts';
import type { Connection, InboxState, PortResult } from './port.ts';

/**
 * Everything the approver remembers between inbox updates, changed only by `approverReducer`:
 * the cards on screen, each card's own state, and which card the keyboard acts on. Pure, so
 * every rule about what a card shows is tested without a browser.
 */

/** One card's state, keyed by interaction id. */
export interface CardUi {
  expanded: boolean;
  /** The deny form (comment and confirm) is open. */
  denying: boolean;
  /** A wider answer waiting for its confirm click (see friction.ts). */
  confirming: Choice | null;
  /** The answer on its way to the relay: every button is disabled meanwhile. */
  sending: ActionKey | null;
  /** The answer the relay accepted; the card leaves with the next inbox update. */
  sent: ActionKey | null;
  /** What the sent line adds: the rule saved, the time box, "Edited before approval". */
  sentDetail: readonly string[];
  notice: CardNotice | null;
}

export interface ApproverState {
  connection: Connection;
  relayUrl: string | null;
  error?: string;
  cards: Card[];
  ui: Readonly<Record<string, CardUi>>;
  /** Cards dismissed while the inbox still had them (it drops them soon). */
  dismissed: ReadonlySet<string>;
  /** The card keyboard shortcuts act on when focus is on none. */
  selected: number;
  /** A session whose card to select as soon as it shows (the popup opened for one request). */
  focusSessionId: string | null;
}

export type ApproverEvent =
  | { type: 'inbox'; state: InboxState }
  | { type: 'expand'; id: string }
  | { type: 'deny-open'; id: string }
  | { type: 'deny-cancel'; id: string }
  | { type: 'confirm-open'; id: string; choice: Choice }
  | { type: 'confirm-cancel'; id: string }
  | { type: 'clear-folded' }
  | { type: 'sending'; id: string; action: ActionKey }
  | {
      type: 'answered';
      id: string;
      action: ActionKey;
      result: PortResult<Interaction>;
      detail?: readonly string[];
    }
  | { type: 'learned'; id: string; notice: CardNotice }
  | { type: 'dismiss'; id: string }
  | { type: 'select'; index: number }
  | { type: 'move'; by: 1 | -1 };

export const idleCard: CardUi = {
  expanded: false,
  denying: false,
  confirming: null,
  sending: null,
  sent: null,
  sentDetail: [],
  notice: null,
};

export function initialApproverState(focusSessionId?: string): ApproverState {
  return {
    connection: 'connecting',
    relayUrl: null,
    cards: [],
    ui: {},
    dismissed: new Set(),
    selected: 0,
    focusSessionId: focusSessionId ?? null,
  };
}

export const cardUi = (state: ApproverState, id: string): CardUi => state.ui[id] ?? idleCard;

/** Whether a card can still be answered from here. */
export function canAct(card: Card, ui: CardUi): boolean {
  return card.live && ui.sent === null && !isFinal(ui.notice);
}

/**
 * Whether a card shows as one grey line: its question ended (answered here or elsewhere,
 * expired, withdrawn) and nothing is on its way. Folded cards are cleared together.
 */
export function isFolded(card: Card, ui: CardUi): boolean {
  return ui.sending === null && !canAct(card, ui);
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(index, length - 1));

function withCard(state: ApproverState, id: string, change: (ui: CardUi) => CardUi): ApproverState {
  return { ...state, ui: { ...state.ui, [id]: change(cardUi(state, id)) } };
}

function onInbox(state: ApproverState, inbox: InboxState): ApproverState {
  // A card answered here stays, folded to "Sent · …", until it leaves by itself or is cleared.
  const forget = (id: string) => state.dismissed.has(id);
  const arranged = arrangeCards(state.cards, inbox.connection, inbox.sessions, forget);
  const cards = arranged.filter((card) => !state.dismissed.has(cardKey(card)));
  const liveKeys = new Set(arranged.filter((card) => card.live).map(cardKey));
  // Keep only what is still on screen: /app stays open for days.
  const ui: Record<string, CardUi> = {};
  for (const card of cards) {
    const kept = state.ui[cardKey(card)];
    if (kept) ui[cardKey(card)] = kept;
  }
  let { selected, focusSessionId } = state;
  if (focusSessionId !== null) {
    const index = cards.findIndex((card) => card.session.sessionId === focusSessionId);
    if (index !== -1) {
      selected = index;
      focusSessionId = null;
    }
  }
  const next: ApproverState = {
    connection: inbox.connection,
    relayUrl: inbox.relayUrl,
    cards,
    ui,
    dismissed: new Set([...state.dismissed].filter((id) => liveKeys.has(id))),
    selected: clamp(selected, cards.length),
    focusSessionId,
  };
  if (inbox.error !== undefined) next.error = inbox.error;
  return next;
}

function dropCard(state: ApproverState, id: string): ApproverState {
  const cards = state.cards.filter((card) => cardKey(card) !== id);
  const { [id]: _gone, ...ui } = state.ui;
  return { ...state, cards, ui, selected: clamp(state.selected, cards.length) };
}

function dismissCard(state: ApproverState, id: string): ApproverState {
  const dropped = dropCard(state, id);
  return { ...dropped, dismissed: new Set([...state.dismissed, id]) };
}

function onAnswered(
  ui: CardUi,
  action: ActionKey,
  result: PortResult<Interaction>,
  detail: readonly string[] = [],
): CardUi {
  if (result.ok)
    return {
      ...ui,
      sending: null,
      sent: action,
      sentDetail: detail,
      denying: false,
      confirming: null,
      notice: null,
    };
  const notice = noticeFor(result);
  const final = isFinal(notice);
  return {
    ...ui,
    sending: null,
    notice,
    denying: final ? false : ui.denying,
    confirming: final ? null : ui.confirming,
  };
}

export function approverReducer(state: ApproverState, event: ApproverEvent): ApproverState {
  switch (event.type) {
    case 'inbox':
      return onInbox(state, event.state);
    case 'expand':
      return withCard(state, event.id, (ui) => ({ ...ui, expanded: !ui.expanded }));
    case 'deny-open':
      return withCard(state, event.id, (ui) => ({ ...ui, denying: true, confirming: null }));
    case 'deny-cancel':
      return withCard(state, event.id, (ui) => ({ ...ui, denying: false }));
    case 'confirm-open':
      return withCard(state, event.id, (ui) => ({ ...ui, confirming: event.choice, denying: false }));
    case 'confirm-cancel':
      return withCard(state, event.id, (ui) => ({ ...ui, confirming: null }));
    case 'clear-folded':
      return state.cards
        .filter((card) => isFolded(card, cardUi(state, cardKey(card))))
        .reduce((next, card) => dismissCard(next, cardKey(card)), state);
    case 'sending':
      // One answer at a time per card: a second press while one is on its way changes nothing.
      return cardUi(state, event.id).sending
        ? state
        : withCard(state, event.id, (ui) => ({ ...ui, sending: event.action, notice: null }));
    case 'answered':
      // Accepted even when the inbox already let the question go: the card says "Sent" first.
      return withCard(state, event.id, (ui) => onAnswered(ui, event.action, event.result, event.detail));
    case 'learned':
      // A stale card learned how its question ended; a final notice from our own answer wins.
      return isFinal(cardUi(state, event.id).notice)
        ? state
        : withCard(state, event.id, (ui) => ({ ...ui, notice: event.notice }));
    case 'dismiss':
      return dismissCard(state, event.id);
    case 'select':
      return { ...state, selected: clamp(event.index, state.cards.length) };
    case 'move':
      return { ...state, selected: clamp(state.selected + event.by, state.cards.length) };
  }
}

/** Which state notice to show: exactly one while nothing is pending or the relay is not live. */
export type ShownState = 'unpaired' | 'unreachable' | 'connecting' | 'empty';

export function shownState(state: ApproverState): ShownState | null {
  if (state.connection !== 'live') return state.connection;
  return state.cards.some((card) => card.live) ? null : 'empty';
}
