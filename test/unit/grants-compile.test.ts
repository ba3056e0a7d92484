import { describe, expect, it } from 'vitest';
import { decide } from '../../shared/engine/index.ts';
import { compileGrants, untilText } from '../../shared/grants/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { calls } from '../support/calls.ts';

const NOW = Date.UTC(2025, 5, 1, 14, 0);
const plan = compilePlan({});

describe('compileGrants', () => {
  it('splits records by scope and compiles each rule once', () => {
    const set = compileGrants(
      [
        { id: 'a', kind: 'rule', rule: 'Bash(npm install:*)', scope: 'session' },
        { id: 'b', kind: 'call', key: 'Bash:1', scope: 'global', expiresAt: null, actor: null },
        { id: 'c', kind: 'rule', rule: 'Edit(src/**)', scope: 'global', expiresAt: NOW + 1 },
      ],
      NOW,
    );
    expect(set.session.rules.map((grant) => grant.rule.text)).toEqual(['Bash(npm install:*)']);
    expect([...set.global.calls.keys()]).toEqual(['Bash:1']);
    expect(set.global.rules.map((grant) => [grant.rule.text, grant.expiresAt])).toEqual([
      ['Edit(src/**)', NOW + 1],
    ]);
    expect(set.skipped).toEqual([]);
  });

  it.each([
    [
      'already expired',
      { id: 'x', kind: 'rule', rule: 'Edit(src/**)', scope: 'session', expiresAt: NOW },
      'expired',
    ],
    [
      'an unreadable time box',
      { id: 'x', kind: 'rule', rule: 'Edit(src/**)', scope: 'session', expiresAt: 'soon' },
      'unreadable time box',
    ],
    [
      'a call grant without a key',
      { id: 'x', kind: 'call', key: null, scope: 'session' },
      'a call grant without its key',
    ],
    ['not a record', { id: 'x', kind: 'everything', scope: 'session' }, 'not a grant record'],
    [
      'a rule that does not compile',
      { id: 'x', kind: 'rule', rule: 'Bash(npm', scope: 'global' },
      'unbalanced parentheses',
    ],
    [
      'a bare tool',
      { id: 'x', kind: 'rule', rule: 'Bash', scope: 'global' },
      'a rule for every call of Bash is too wide',
    ],
    ['a shell', { id: 'x', kind: 'rule', rule: 'Bash(sh -c:*)', scope: 'global' }, /allows any code/],
  ])('leaves out %s', (_name, record, reason) => {
    const set = compileGrants([record], NOW);
    expect(
      set.session.rules.length + set.global.rules.length + set.session.calls.size + set.global.calls.size,
    ).toBe(0);
    expect(set.skipped).toHaveLength(1);
    expect(set.skipped[0]!.id).toBe('x');
    expect(set.skipped[0]!.reason).toMatch(reason);
  });

  it('keeps the longer of two call grants for one key', () => {
    const set = compileGrants(
      [
        { id: 'short', kind: 'call', key: 'K', scope: 'session', expiresAt: NOW + 10 },
        { id: 'forever', kind: 'call', key: 'K', scope: 'session' },
        { id: 'later', kind: 'call', key: 'K', scope: 'session', expiresAt: NOW + 20 },
      ],
      NOW,
    );
    expect(set.session.calls.get('K')?.id).toBe('forever');
  });
});

describe('a rule grant names itself in the decision', () => {
  it('gives the rule, the scope and the time box', () => {
    const { session, global } = compileGrants(
      [
        {
          id: 'a',
          kind: 'rule',
          rule: 'Bash(npm install:*)',
          scope: 'session',
          expiresAt: NOW + 65 * 60_000,
        },
      ],
      NOW,
    );
    const decision = decide(plan, calls.bash('npm install lodash'), {
      mode: 'default',
      grants: { session, global },
      now: NOW,
    });
    expect(decision).toMatchObject({
      behavior: 'allow',
      reasonCode: 'grant_session_rule',
      matchedRule: 'Bash(npm install:*)',
      reason: 'Allowed by the rule Bash(npm install:*) an approver saved for this session (until 15:05 UTC).',
    });
  });

  it('names every rule that covered a compound command, and the workspace', () => {
    const { session, global } = compileGrants(
      [
        { id: 'a', kind: 'rule', rule: 'Bash(npm install:*)', scope: 'global' },
        { id: 'b', kind: 'rule', rule: 'Bash(npm test)', scope: 'global' },
      ],
      NOW,
    );
    const decision = decide(plan, calls.bash('npm install x && npm test'), {
      mode: 'default',
      grants: { session, global },
      now: NOW,
    });
    expect(decision).toMatchObject({
      reasonCode: 'grant_global_rule',
      matchedRule: 'Bash(npm install:*), Bash(npm test)',
      reason:
        'Allowed by the rules Bash(npm install:*) and Bash(npm test) approvers saved for the workspace.',
    });
  });

  it('says when a time-boxed exact grant ends', () => {
    const grants = compileGrants(
      [{ id: 'c', kind: 'call', key: 'K', scope: 'session', expiresAt: NOW + 60_000 }],
      NOW,
    );
    const decision = decide(plan, calls.bash('npm run build'), {
      mode: 'default',
      approvalKey: 'K',
      grants,
      now: NOW,
    });
    expect(decision.reason).toBe(
      'Approved earlier in this session for the same arguments (until 14:01 UTC).',
    );
  });

  it('writes the day of a time box that ends on another day', () => {
    expect(untilText(NOW + 24 * 3600_000, NOW)).toBe('until 2025-06-02 14:00 UTC');
    expect(untilText(NOW + 60_000, NOW)).toBe('until 14:01 UTC');
  });
});
