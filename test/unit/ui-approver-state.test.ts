import { describe, expect, it } from 'vitest';
import {
  type ApproverEvent,
  type ApproverState,
  approverReducer,
  canAct,
  cardUi,
  initialApproverState,
  isFolded,
  shownState,
} from '../../extension/ui/approver-state.ts';
import { cardKey } from '../../extension/ui/card/card-order.ts';
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

  it('keeps a card answered here, folded to "Sent", when the inbox lets it go; Clear drops it', () => {
    const state = run([
      inbox('live', twoPending),
      { type: 'sending', id: 'i1', action: 'allow_once' },
      { type: 'answered', id: 'i1', action: 'allow_once', result: ok },
    ]);
    expect(cardUi(state, 'i1').sent).toBe('allow_once');
    expect(canAct(state.cards[0]!, cardUi(state, 'i1'))).toBe(false);
    const after = run([inbox('live', [session('s2', 'i2')])], state);
    expect(ids(after)).toEqual(['i1(gone)', 'i2']);
    expect(isFolded(after.cards[0]!, cardUi(after, 'i1'))).toBe(true);
    expect(cardUi(after, 'i1').sent).toBe('allow_once');
    expect(isFolded(after.cards[1]!, cardUi(after, 'i2'))).toBe(false);
    const cleared = run([{ type: 'clear-folded' }], after);
    expect(ids(cleared)).toEqual(['i2']);
    // And it does not come back with the next inbox update.
    expect(ids(run([inbox('live', [session('s2', 'i2')])], cleared))).toEqual(['i2']);
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
      text: 'Answered elsewhere — denied',
    });
    // Accepted after the inbox let it go: it says "Sent" before it leaves.
    const accepted = run([{ type: 'answered', id: 'i1', action: 'allow_once', result: ok }], dropped);
    expect(ids(accepted)).toEqual(['i1(gone)', 'i2']);
    expect(cardUi(accepted, 'i1').sent).toBe('allow_once');
  });

  it('a confirm step opens and cancels; it closes the deny form and an accepted answer closes it', () => {
    const opened = run([
      inbox('live', twoPending),
      { type: 'deny-open', id: 'i1' },
      { type: 'confirm-open', id: 'i1', choice: { action: 'allow_always' } },
    ]);
    expect(cardUi(opened, 'i1')).toMatchObject({ confirming: { action: 'allow_always' }, denying: false });
    expect(cardUi(run([{ type: 'confirm-cancel', id: 'i1' }], opened), 'i1').confirming).toBeNull();
    const sent = run(
      [
        { type: 'sending', id: 'i1', action: 'allow_always' },
        { type: 'answered', id: 'i1', action: 'allow_always', result: ok },
      ],
      opened,
    );
    expect(cardUi(sent, 'i1')).toMatchObject({ confirming: null, sent: 'allow_always' });
    // Opening deny afterwards closes a confirm step.
    const denying = run(
      [
        { type: 'confirm-open', id: 'i2', choice: { action: 'allow_session' } },
        { type: 'deny-open', id: 'i2' },
      ],
      opened,
    );
    expect(cardUi(denying, 'i2')).toMatchObject({ confirming: null, denying: true });
  });

  it('Clear drops every folded card together and leaves the live ones and one on its way', () => {
    const three = [session('s1', 'i1'), session('s2', 'i2'), session('s3', 'i3')];
    const state = run([
      inbox('live', three),
      { type: 'sending', id: 'i3', action: 'allow_once' },
      // i1 answered elsewhere, i3 still on its way when the inbox lets both go.
      inbox('live', [session('s2', 'i2')]),
      {
        type: 'answered',
        id: 'i2',
        action: 'deny',
        result: { ok: false, refusal: 'expired', message: 'gone' },
      },
    ]);
    expect(ids(state)).toEqual(['i1(gone)', 'i2', 'i3(gone)']);
    expect(state.cards.map((card) => isFolded(card, cardUi(state, cardKey(card))))).toEqual([
      true,
      true,
      false,
    ]);
    expect(ids(run([{ type: 'clear-folded' }], state))).toEqual(['i3(gone)']);
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
