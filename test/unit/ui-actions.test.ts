import { describe, expect, it } from 'vitest';
import { cardActions, denyAnswer } from '../../extension/ui/answer/card-actions.ts';
import { allActions } from './ui-fixtures.ts';

describe('cardActions: the buttons an interaction offers', () => {
  it('shows all four in a fixed order, with our own labels and answers', () => {
    expect(cardActions([...allActions].reverse())).toEqual([
      { key: 'allow_once', label: 'Approve once', answer: { decision: 'approve', scope: 'once' } },
      { key: 'allow_session', label: 'For this session', answer: { decision: 'approve', scope: 'session' } },
      { key: 'allow_always', label: 'Always', answer: { decision: 'approve', scope: 'global' } },
      { key: 'deny', label: 'Deny', answer: { decision: 'reject' } },
    ]);
  });

  it('shows only what is offered', () => {
    const offered = allActions.filter((action) => action.id === 'allow_once' || action.id === 'deny');
    expect(cardActions(offered).map((action) => action.key)).toEqual(['allow_once', 'deny']);
  });

  it('shows nothing when nothing is offered', () => {
    expect(cardActions([])).toEqual([]);
  });

  it('reads what an action does, not what it is called: a mislabelled action cannot widen an approval', () => {
    const misnamed = [
      { id: 'allow_always' as const, label: 'Always', behavior: 'allow' as const, scope: 'once' as const },
    ];
    expect(cardActions(misnamed).map((action) => action.key)).toEqual(['allow_once']);
    const denyNamedAllow = [
      { id: 'allow_once' as const, label: 'OK', behavior: 'deny' as const, scope: 'once' as const },
    ];
    expect(cardActions(denyNamedAllow).map((action) => action.key)).toEqual(['deny']);
  });

  it('shows a button once even when offered twice', () => {
    expect(cardActions([allActions[0]!, allActions[0]!])).toHaveLength(1);
  });
});

describe('denyAnswer', () => {
  it('carries the comment, trimmed', () => {
    expect(denyAnswer('  not on main  ')).toEqual({ decision: 'reject', comment: 'not on main' });
  });

  it('leaves out an empty or blank comment', () => {
    expect(denyAnswer('')).toEqual({ decision: 'reject' });
    expect(denyAnswer(' \n\t')).toEqual({ decision: 'reject' });
  });
});
