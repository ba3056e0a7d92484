import { describe, expect, it } from 'vitest';
import { answeredElsewhere, isFinal, noticeFor } from '../../extension/ui/card/card-notice.ts';
import { interaction, userResolution } from './ui-fixtures.ts';

describe('answeredElsewhere', () => {
  it.each([
    [userResolution(), 'answered-elsewhere', 'Answered elsewhere — approved once'],
    [
      userResolution({ actionId: 'allow_session', scope: 'session' }),
      'answered-elsewhere',
      'Answered elsewhere — approved for this session',
    ],
    [
      userResolution({ actionId: 'allow_always', scope: 'global' }),
      'answered-elsewhere',
      'Answered elsewhere — approved always',
    ],
    [
      userResolution({ behavior: 'deny', actionId: 'deny' }),
      'answered-elsewhere',
      'Answered elsewhere — denied',
    ],
    [
      userResolution({ behavior: 'deny', source: 'timeout', actionId: 'expired' }),
      'expired',
      'Expired — the agent was denied',
    ],
    [
      userResolution({ behavior: 'deny', source: 'cancel', actionId: 'canceled' }),
      'withdrawn',
      'Withdrawn — the agent stopped waiting',
    ],
  ])('%o → %s: %s', (resolution, kind, text) => {
    expect(answeredElsewhere({ resolution })).toEqual({ kind, text });
  });

  it('names who answered when the relay says (resolution.actor.label), as text', () => {
    const resolution = {
      ...userResolution(),
      actor: { tokenId: 'tk-1', role: 'approver' as const, label: 'Phone <b>' },
    };
    expect(answeredElsewhere({ resolution }).text).toBe('Answered elsewhere — approved once · Phone <b>');
    // A label that is no string, or blank, is left out rather than shown as "[object Object]".
    for (const actor of [{ label: 7 }, { label: '  ' }, 'Phone', null])
      expect(answeredElsewhere({ resolution: { ...userResolution(), actor } as never }).text).toBe(
        'Answered elsewhere — approved once',
      );
  });

  it('says only "No longer waiting" when nobody said how', () => {
    expect(answeredElsewhere()).toEqual({ kind: 'ended', text: 'No longer waiting' });
    expect(answeredElsewhere(interaction({ state: 'queued' })).text).toBe('No longer waiting');
  });
});

describe('noticeFor', () => {
  it('409 with the interaction names its resolution', () => {
    const notice = noticeFor({
      ok: false,
      refusal: 'answered_elsewhere',
      message: 'already resolved',
      interaction: interaction({ state: 'resolved', resolution: userResolution() }),
    });
    expect(notice).toEqual({ kind: 'answered-elsewhere', text: 'Answered elsewhere — approved once' });
    expect(isFinal(notice)).toBe(true);
  });

  it('409 without a resolution still says somebody answered', () => {
    const notice = noticeFor({ ok: false, refusal: 'answered_elsewhere', message: 'x' });
    expect(notice).toEqual({ kind: 'answered-elsewhere', text: 'Answered elsewhere' });
  });

  it('410 is expired', () => {
    const notice = noticeFor({ ok: false, refusal: 'expired', message: 'gone' });
    expect(notice).toEqual({ kind: 'expired', text: 'Expired — the agent was denied' });
    expect(isFinal(notice)).toBe(true);
  });

  it.each(['unreachable', 'forbidden', 'not_found', 'invalid'] as const)(
    '%s is an error worth another try',
    (refusal) => {
      const notice = noticeFor({ ok: false, refusal, message: 'the relay said no' });
      expect(notice).toEqual({ kind: 'action-error', text: 'Not sent: the relay said no' });
      expect(isFinal(notice)).toBe(false);
    },
  );

  it('unpaired says so in its own words', () => {
    expect(noticeFor({ ok: false, refusal: 'unpaired', message: '401' }).text).toMatch(/no longer paired/);
  });

  it('nothing is not final', () => {
    expect(isFinal(null)).toBe(false);
  });
});
