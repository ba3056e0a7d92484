import { describe, expect, it } from 'vitest';
import { answeredElsewhere, isFinal, noticeFor } from '../../extension/ui/card-notice.ts';
import { askDecision, interaction, userResolution } from './ui-fixtures.ts';

describe('answeredElsewhere', () => {
  it.each([
    [userResolution(), 'Answered elsewhere · User approved'],
    [userResolution({ behavior: 'deny', actionId: 'deny' }), 'Answered elsewhere · User denied'],
    [
      userResolution({ behavior: 'deny', source: 'timeout', actionId: 'expired' }),
      'No longer waiting · Expired',
    ],
    [
      userResolution({ behavior: 'deny', source: 'cancel', actionId: 'canceled' }),
      'No longer waiting · Canceled',
    ],
  ])('%o → %s', (resolution, text) => {
    expect(answeredElsewhere({ decision: askDecision(), resolution })).toEqual({
      kind: 'answered-elsewhere',
      text,
    });
  });

  it('says only "Answered elsewhere" when nobody said how', () => {
    expect(answeredElsewhere().text).toBe('Answered elsewhere');
    expect(answeredElsewhere(interaction({ state: 'queued' })).text).toBe('Answered elsewhere');
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
    expect(notice).toEqual({ kind: 'answered-elsewhere', text: 'Answered elsewhere · User approved' });
    expect(isFinal(notice)).toBe(true);
  });

  it('410 is expired', () => {
    const notice = noticeFor({ ok: false, refusal: 'expired', message: 'gone' });
    expect(notice.kind).toBe('expired');
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
