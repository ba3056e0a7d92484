import { describe, expect, it } from 'vitest';
import {
  type ApproverEvent,
  type ApproverState,
  approverReducer,
  canAct,
  cardUi,
  initialApproverState,
  shownState,
} from '../../extension/ui/approver-state.ts';
import { cardKey } from '../../extension/ui/card-order.ts';
import type { InboxState } from '../../extension/ui/port.ts';
import { interaction, session, userResolution } from './ui-fixtures.ts';

const inbox = (
  connection: InboxState['connection'],
  sessions = [] as InboxState['sessions'],
  error?: string,
) =>
  ({
    type: 'inbox',
    state: { connection, relayUrl: 'http://relay', sessions, ...(error ? { error } : {}) },
  }) as const;

const run = (events: ApproverEvent[], start: ApproverState = initialApproverState()) =>
  events.reduce(approverReducer, start);

const ids = (state: ApproverState) =>
  state.cards.map((card) => `${cardKey(card)}${card.live ? '' : '(gone)'}`);

const twoPending = [session('s1', 'i1'), session('s2', 'i2')];
const ok = { ok: true as const, value: interaction({ state: 'resolved', resolution: userResolution() }) };

describe('approverReducer: the states', () => {
  it.each([
    ['unpaired', 'unpaired'],
    ['connecting', 'connecting'],
    ['unreachable', 'unreachable'],
  ] as const)('%s shows its notice', (connection, shown) => {
    expect(shownState(run([inbox(connection)]))).toBe(shown);
  });

  it('live with nothing pending is empty; with a request, no notice', () => {
    expect(shownState(run([inbox('live')]))).toBe('empty');
    expect(shownState(run([inbox('live', twoPending)]))).toBeNull();
  });

  it('a card answered elsewhere is not pending: the empty notice shows beside it', () => {
    const state = run([inbox('live', twoPending), inbox('live', [])]);
    expect(ids(state)).toEqual(['i1(gone)', 'i2(gone)']);
    expect(shownState(state)).toBe('empty');
  });

  it('unreachable keeps the last cards and the reason', () => {
    const state = run([inbox('live', twoPending), inbox('unreachable', [], 'connection lost')]);
    expect(ids(state)).toEqual(['i1', 'i2']);
    expect(state.error).toBe('connection lost');
    expect(shownState(state)).toBe('unreachable');
  });

  it('a later state without an error clears the old one', () => {
    const state = run([inbox('unreachable', [], 'down'), inbox('live')]);
    expect(state.error).toBeUndefined();
  });
});

describe('approverReducer: answering', () => {
  it('disables the card while sending and ignores a second answer', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'sending', id: 'i1', action: 'allow_once' },
      { type: 'sending', id: 'i1', action: 'deny' },
    ]);
    expect(cardUi(state, 'i1').sending).toBe('allow_once');
  });

  it('drops a card answered here when the inbox lets it go', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'sending', id: 'i1', action: 'allow_once' },
      { type: 'answered', id: 'i1', action: 'allow_once', result: ok },
    ]);
    expect(cardUi(state, 'i1').sent).toBe('allow_once');
    expect(canAct(state.cards[0]!, cardUi(state, 'i1'))).toBe(false);
    expect(ids(run([inbox('live', [session('s2', 'i2')])], state))).toEqual(['i2']);
  });

  it('keeps a card whose answer is on its way when the inbox drops it first, then learns the outcome', () => {
    const sending = run([inbox('live', twoPending), { type: 'sending', id: 'i1', action: 'allow_once' }]);
    const dropped = run([inbox('live', [session('s2', 'i2')])], sending);
    expect(ids(dropped)).toEqual(['i1(gone)', 'i2']);
    const refused = run(
      [
        {
          type: 'answered',
          id: 'i1',
          action: 'allow_once',
          result: {
            ok: false,
            refusal: 'answered_elsewhere',
            message: 'already resolved',
            interaction: interaction({
              state: 'resolved',
              resolution: userResolution({ behavior: 'deny', actionId: 'deny' }),
            }),
          },
        },
      ],
      dropped,
    );
    expect(cardUi(refused, 'i1').notice).toEqual({
      kind: 'answered-elsewhere',
      text: 'Answered elsewhere · User denied',
    });
    // Accepted after the inbox let it go: it leaves at once, not at some later update.
    const accepted = run([{ type: 'answered', id: 'i1', action: 'allow_once', result: ok }], dropped);
    expect(ids(accepted)).toEqual(['i2']);
    expect(accepted.ui.i1).toBeUndefined();
  });

  it('a 409 ends the card: no actions, deny form closed', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'deny-open', id: 'i1' },
      { type: 'sending', id: 'i1', action: 'deny' },
      {
        type: 'answered',
        id: 'i1',
        action: 'deny',
        result: { ok: false, refusal: 'answered_elsewhere', message: 'x' },
      },
    ]);
    const ui = cardUi(state, 'i1');
    expect(ui.notice?.kind).toBe('answered-elsewhere');
    expect(ui.denying).toBe(false);
    expect(canAct(state.cards[0]!, ui)).toBe(false);
  });

  it('a 410 says expired', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'sending', id: 'i1', action: 'allow_once' },
      {
        type: 'answered',
        id: 'i1',
        action: 'allow_once',
        result: { ok: false, refusal: 'expired', message: 'x' },
      },
    ]);
    expect(cardUi(state, 'i1').notice?.kind).toBe('expired');
  });

  it('any other refusal keeps the actions (and an open deny form) for another try', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'deny-open', id: 'i1' },
      { type: 'sending', id: 'i1', action: 'deny' },
      {
        type: 'answered',
        id: 'i1',
        action: 'deny',
        result: { ok: false, refusal: 'unreachable', message: 'relay down' },
      },
    ]);
    const ui = cardUi(state, 'i1');
    expect(ui.notice).toEqual({ kind: 'action-error', text: 'Not sent: relay down' });
    expect(ui.denying).toBe(true);
    expect(canAct(state.cards[0]!, ui)).toBe(true);
    // Trying again clears the error.
    expect(
      cardUi(approverReducer(state, { type: 'sending', id: 'i1', action: 'deny' }), 'i1').notice,
    ).toBeNull();
  });
});

describe('approverReducer: answered elsewhere, dismiss, selection', () => {
  it('a stale card learns how it ended, unless our own answer already said', () => {
    const gone = run([inbox('live', twoPending), inbox('live', [session('s2', 'i2')])]);
    const learned = run(
      [
        {
          type: 'learned',
          id: 'i1',
          notice: { kind: 'answered-elsewhere', text: 'Answered elsewhere · User approved' },
        },
      ],
      gone,
    );
    expect(cardUi(learned, 'i1').notice?.text).toBe('Answered elsewhere · User approved');
    const again = run(
      [{ type: 'learned', id: 'i1', notice: { kind: 'answered-elsewhere', text: 'other' } }],
      learned,
    );
    expect(cardUi(again, 'i1').notice?.text).toBe('Answered elsewhere · User approved');
  });

  it('dismissing removes the card for good, even while the inbox still has it', () => {
    const state = run([inbox('live', twoPending), { type: 'dismiss', id: 'i1' }]);
    expect(ids(state)).toEqual(['i2']);
    expect(ids(run([inbox('live', twoPending)], state))).toEqual(['i2']);
    // Once the inbox has let it go, the id is forgotten.
    const later = run([inbox('live', [session('s2', 'i2')])], state);
    expect(later.dismissed.size).toBe(0);
  });

  it('forgets the state of cards no longer shown', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'expand', id: 'i1' },
      { type: 'dismiss', id: 'i1' },
    ]);
    expect(state.ui.i1).toBeUndefined();
  });

  it('moves the selection within the cards', () => {
    const state = run([inbox('live', twoPending), { type: 'move', by: 1 }, { type: 'move', by: 1 }]);
    expect(state.selected).toBe(1);
    expect(
      run(
        [
          { type: 'move', by: -1 },
          { type: 'move', by: -1 },
        ],
        state,
      ).selected,
    ).toBe(0);
    expect(run([inbox('live', [session('s1', 'i1')]), { type: 'dismiss', id: 'i2' }], state).selected).toBe(
      0,
    );
  });

  it('selects the card of the session it was opened for, once it shows', () => {
    const start = initialApproverState('s2');
    const waiting = run([inbox('connecting')], start);
    expect(waiting.focusSessionId).toBe('s2');
    const shown = run([inbox('live', twoPending)], waiting);
    expect(shown.selected).toBe(1);
    expect(shown.focusSessionId).toBeNull();
  });

  it('toggles details and the deny form', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'expand', id: 'i2' },
      { type: 'deny-open', id: 'i2' },
    ]);
    expect(cardUi(state, 'i2')).toMatchObject({ expanded: true, denying: true });
    const closed = run(
      [
        { type: 'expand', id: 'i2' },
        { type: 'deny-cancel', id: 'i2' },
      ],
      state,
    );
    expect(cardUi(closed, 'i2')).toMatchObject({ expanded: false, denying: false });
  });
});
