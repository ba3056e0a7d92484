import { describe, expect, it } from 'vitest';
import { expiryText, grantRow, madeWhen } from '../../extension/ui/grants/grant-rows.ts';
import type { GlobalGrant, SessionGrant } from '../../shared/contract/index.ts';

const now = Date.parse('2026-11-29T12:00:00.000Z');

const sessionGrant = (fields: Partial<SessionGrant> = {}): SessionGrant => ({
  id: 'g1',
  kind: 'call',
  key: 'Bash:abc',
  rule: null,
  scope: 'session',
  tool: 'Bash',
  input: { command: 'npm install left-pad\nnpm test' },
  interactionId: 'int-1',
  expiresAt: null,
  actor: { tokenId: 't1', label: 'Chrome on Linux', role: 'approver' },
  createdAt: '2026-11-29T11:55:00.000Z',
  ...fields,
});

const globalGrant = (fields: Partial<GlobalGrant> = {}): GlobalGrant => ({
  id: 'g2',
  tool: 'WebFetch',
  input: { url: 'https://docs.python.org/3/' },
  sessionId: 's1',
  interactionId: 'int-2',
  approvedBy: 'Phone',
  createdAt: '2026-11-28T09:30:00.000Z',
  ...fields,
});

describe('grantRow', () => {
  it('an exact call: its tool and summary, that it covers only itself, who made it and when', () => {
    expect(grantRow(sessionGrant(), now)).toEqual({
      id: 'g1',
      kind: 'call',
      covers: 'Bash · npm install left-pad …',
      reach: 'this exact call, with this exact input',
      scope: 'This session',
      by: 'Chrome on Linux',
      made: '5 min ago',
      expiry: 'Until the session ends',
      expired: false,
    });
  });

  it('a rule: its text and what it matches, with its time box counting down', () => {
    const row = grantRow(
      sessionGrant({
        kind: 'rule',
        key: null,
        rule: 'Bash(npm install:*)',
        expiresAt: '2026-11-29T12:14:05.000Z',
      }),
      now,
    );
    expect(row).toMatchObject({
      kind: 'rule',
      covers: 'Bash(npm install:*)',
      reach: 'any command starting npm install',
      expiry: 'Expires in 14:05',
      expired: false,
    });
  });

  it('a workspace grant from an older relay (no kind, scope or actor): an exact call, until revoked, by its label', () => {
    expect(grantRow(globalGrant(), now)).toMatchObject({
      kind: 'call',
      covers: 'WebFetch · https://docs.python.org/3/',
      scope: 'Every session',
      by: 'Phone',
      made: '2026-11-28 09:30 UTC',
      expiry: 'Until revoked',
    });
  });

  it('a rule grant without its rule text is shown as the exact call, never as a wider reach', () => {
    expect(grantRow(sessionGrant({ kind: 'rule', rule: null }), now)).toMatchObject({
      kind: 'call',
      reach: 'this exact call, with this exact input',
    });
    expect(grantRow(sessionGrant({ kind: 'rule', rule: '' }), now).kind).toBe('call');
  });

  it('names the maker by role when there is no label', () => {
    expect(grantRow(sessionGrant({ actor: { tokenId: 't', role: 'admin' } }), now).by).toBe('an admin');
    expect(grantRow(sessionGrant({ actor: { tokenId: 't', label: '  ', role: 'approver' } }), now).by).toBe(
      'an approver',
    );
    expect(grantRow(sessionGrant({ actor: null }), now).by).toBe('an approver');
  });
});

describe('expiryText', () => {
  it('counts down, then says expired, at the second', () => {
    expect(expiryText('2026-11-29T13:02:03.000Z', 'global', now)).toEqual({
      text: 'Expires in 1:02:03',
      expired: false,
    });
    expect(expiryText('2026-11-29T12:00:01.000Z', 'global', now).text).toBe('Expires in 0:01');
    expect(expiryText('2026-11-29T12:00:00.000Z', 'global', now)).toEqual({ text: 'Expired', expired: true });
    expect(expiryText(now - 1, 'session', now)).toEqual({ text: 'Expired', expired: true });
  });

  it('does not call a time box it cannot read unlimited', () => {
    expect(expiryText('tomorrow-ish', 'global', now)).toEqual({ text: 'Expiry unknown', expired: false });
  });
});

describe('madeWhen', () => {
  it('is relative within a day', () => {
    expect(madeWhen('2026-11-29T11:59:30.000Z', now)).toBe('just now');
    expect(madeWhen('2026-11-29T09:00:00.000Z', now)).toBe('3 h ago');
    expect(madeWhen('not a time', now)).toBe('not a time');
  });
});
