import { describe, expect, it } from 'vitest';
import { arrangeCards, type Card, cardKey, liveCards } from '../../extension/ui/card/card-order.ts';
import { session } from './ui-fixtures.ts';

const keep = () => false;
const keys = (cards: Card[]) => cards.map((card) => `${cardKey(card)}${card.live ? '' : '(gone)'}`);

describe('liveCards', () => {
  it('gives one card per session with an active interaction, in the inbox order', () => {
    const cards = liveCards([session('s2', 'i2'), session('s0'), session('s1', 'i1')]);
    expect(keys(cards)).toEqual(['i2', 'i1']);
  });
});

describe('arrangeCards', () => {
  const shown = liveCards([session('s1', 'i1'), session('s2', 'i2'), session('s3', 'i3')]);

  it('follows a live inbox', () => {
    const next = arrangeCards(
      shown,
      'live',
      [session('s3', 'i3'), session('s1', 'i1'), session('s2', 'i2')],
      keep,
    );
    expect(keys(next)).toEqual(['i3', 'i1', 'i2']);
  });

  it('keeps a card that left the inbox in its place, marked gone', () => {
    const next = arrangeCards(shown, 'live', [session('s1', 'i1'), session('s3', 'i3')], keep);
    expect(keys(next)).toEqual(['i1', 'i2(gone)', 'i3']);
  });

  it('drops a card answered here or dismissed', () => {
    const next = arrangeCards(shown, 'live', [session('s1', 'i1')], (id) => id === 'i2');
    expect(keys(next)).toEqual(['i1', 'i3(gone)']);
  });

  it('shows the session’s next question beside the one answered elsewhere', () => {
    const next = arrangeCards(
      shown,
      'live',
      [session('s1', 'i1'), session('s2', 'i2b'), session('s3', 'i3')],
      keep,
    );
    expect(keys(next)).toEqual(['i1', 'i2(gone)', 'i2b', 'i3']);
  });

  it('declares nothing gone while the relay is not live', () => {
    expect(keys(arrangeCards(shown, 'unreachable', [], keep))).toEqual(['i1', 'i2', 'i3']);
    expect(keys(arrangeCards(shown, 'connecting', [session('s1', 'i1')], keep))).toEqual(['i1', 'i2', 'i3']);
  });

  it('shows nothing once unpaired', () => {
    expect(arrangeCards(shown, 'unpaired', [session('s1', 'i1')], keep)).toEqual([]);
  });

  it('puts a gone card that was last at the end', () => {
    const next = arrangeCards(shown, 'live', [], keep);
    expect(keys(next)).toEqual(['i1(gone)', 'i2(gone)', 'i3(gone)']);
    expect(keys(arrangeCards(next, 'live', [session('s9', 'i9')], keep))).toEqual([
      'i1(gone)',
      'i2(gone)',
      'i3(gone)',
      'i9',
    ]);
  });

  it('updates a live card with the newest view of its session', () => {
    const newer = session('s1', 'i1', { queueLength: 2 });
    const next = arrangeCards(shown, 'live', [newer, session('s2', 'i2'), session('s3', 'i3')], keep);
    expect(next[0]?.session.queueLength).toBe(2);
  });
});
