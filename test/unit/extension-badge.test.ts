import { describe, expect, it } from 'vitest';
import { badgeColors, badgeFor, highestRisk } from '../../extension/lib/badge.ts';
import type { InboxState } from '../../extension/ui/port.ts';
import { session } from './extension-fixtures.ts';

const live = (sessions: InboxState['sessions']): InboxState => ({
  connection: 'live',
  relayUrl: 'http://127.0.0.1:8787',
  sessions,
});

describe('the toolbar badge', () => {
  it('is empty when nothing waits', () => {
    expect(badgeFor(live([]))).toMatchObject({ text: '', title: 'Gatehouse — nothing waiting for you' });
  });

  it('counts sessions waiting on a human, not sessions without a question', () => {
    const look = badgeFor(
      live([session('a', { risk: 'low' }), session('b', { active: null }), session('c', { risk: 'safe' })]),
    );
    expect(look.text).toBe('2');
    expect(look.title).toBe('Gatehouse — 2 requests waiting (highest risk: low)');
  });

  it.each([
    ['critical', badgeColors.danger, badgeColors.light],
    ['high', badgeColors.danger, badgeColors.light],
    ['medium', badgeColors.warning, badgeColors.dark],
    ['low', badgeColors.waiting, badgeColors.light],
    ['safe', badgeColors.waiting, badgeColors.light],
  ] as const)('a %s risk waiting paints %s', (risk, background, textColor) => {
    const look = badgeFor(live([session('a', { risk: 'low' }), session('b', { risk })]));
    expect(look).toMatchObject({ text: '2', background, textColor });
  });

  it('takes the colour of the most dangerous question, whatever the order', () => {
    const sessions = [
      session('a', { risk: 'low' }),
      session('b', { risk: 'critical' }),
      session('c', { risk: 'medium' }),
    ];
    expect(highestRisk(sessions)).toBe('critical');
    expect(highestRisk(sessions.toReversed())).toBe('critical');
    expect(badgeFor(live(sessions)).background).toBe(badgeColors.danger);
    expect(highestRisk([])).toBeNull();
  });

  it('shows "!" on grey when the relay is unreachable, even with questions known from before', () => {
    const look = badgeFor({
      ...live([session('a', { risk: 'critical' })]),
      connection: 'unreachable',
      error: 'connection lost',
    });
    expect(look).toMatchObject({ text: '!', background: badgeColors.unreachable });
    expect(look.title).toContain('connection lost');
  });

  it('keeps the cached count while connecting (a restarted service worker repaints at once)', () => {
    expect(badgeFor({ ...live([session('a', { risk: 'medium' })]), connection: 'connecting' })).toMatchObject(
      {
        text: '1',
        background: badgeColors.warning,
      },
    );
  });

  it('is empty when not paired', () => {
    expect(badgeFor({ connection: 'unpaired', relayUrl: null, sessions: [] })).toMatchObject({
      text: '',
      title: 'Gatehouse — not paired',
    });
  });
});
