import { describe, expect, it } from 'vitest';
import { admitPort, admitRequest, type Self, senderOrigin } from '../../extension/lib/message-guard.ts';

const self: Self = { id: 'gatehouse-id', pagesUrl: 'chrome-extension://gatehouse-id/' };
const popup = { id: 'gatehouse-id', url: 'chrome-extension://gatehouse-id/popup.html' };
const dock = { id: 'gatehouse-id', url: 'https://news.example/article' };
const stranger = { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' };

const respond = {
  type: 'respond',
  sessionId: 'demo',
  interactionId: 'int-1',
  answer: { decision: 'approve', scope: 'once' },
};

describe('who is talking to the background', () => {
  it('tells extension pages from content scripts, and refuses anyone else', () => {
    expect(senderOrigin(popup, self)).toBe('page');
    expect(senderOrigin(dock, self)).toBe('content');
    expect(senderOrigin(stranger, self)).toBeNull();
    expect(senderOrigin({ url: popup.url }, self)).toBeNull();
    // A page that merely names the extension's URL in its own is still a page.
    expect(
      senderOrigin(
        { id: 'gatehouse-id', url: 'https://evil.example/chrome-extension://gatehouse-id/' },
        self,
      ),
    ).toBe('content');
    // Without a URL, the least privilege.
    expect(senderOrigin({ id: 'gatehouse-id' }, self)).toBe('content');
  });
});

describe('requests', () => {
  it('admits a well-formed request from an extension page', () => {
    expect(admitRequest(respond, popup, self)).toEqual({ ok: true, value: respond, origin: 'page' });
    expect(admitRequest({ type: 'timeline', sessionId: 'demo', limit: 20 }, popup, self)).toMatchObject({
      ok: true,
    });
    expect(
      admitRequest({ type: 'pair', url: 'http://127.0.0.1:8787', code: 'AB12CD34' }, popup, self),
    ).toMatchObject({
      ok: true,
    });
  });

  it('rejects a foreign sender whatever it sends', () => {
    expect(admitRequest(respond, stranger, self)).toEqual({
      ok: false,
      reason: 'the sender is not this extension',
    });
    expect(admitRequest({ type: 'state' }, {}, self)).toMatchObject({ ok: false });
  });

  it.each([
    [{ type: 'steal-token' }, 'unknown request'],
    [null, 'unknown request'],
    ['respond', 'unknown request'],
    [{ type: 'respond', sessionId: 'demo' }, 'malformed "respond" request'],
    [{ ...respond, answer: { decision: 'maybe' } }, 'malformed "respond" request'],
    [{ ...respond, sessionId: 'has spaces' }, 'malformed "respond" request'],
    [{ ...respond, extra: true }, 'malformed "respond" request'],
    [{ type: 'timeline', sessionId: 'demo', limit: 10_000 }, 'malformed "timeline" request'],
    [{ type: 'dockEnabled', enabled: 'yes' }, 'malformed "dockEnabled" request'],
  ])('rejects %j: %s', (message, reason) => {
    expect(admitRequest(message, popup, self)).toEqual({ ok: false, reason });
  });

  it('lets a content script ask only for its state and answer approve-once or deny', () => {
    expect(admitRequest({ type: 'state' }, dock, self)).toMatchObject({ ok: true, origin: 'content' });
    expect(admitRequest(respond, dock, self)).toMatchObject({ ok: true, origin: 'content' });
    expect(admitRequest({ ...respond, answer: { decision: 'reject' } }, dock, self)).toMatchObject({
      ok: true,
    });
    for (const type of ['sessions', 'pairing', 'unpair', 'retry'])
      expect(admitRequest({ type }, dock, self)).toEqual({
        ok: false,
        reason: `a content script may not send "${type}"`,
      });
    expect(
      admitRequest({ type: 'pair', url: 'https://evil.example', code: 'AB12CD34' }, dock, self),
    ).toMatchObject({
      ok: false,
    });
    expect(admitRequest({ type: 'dockEnabled', enabled: false }, dock, self)).toMatchObject({ ok: false });
  });

  it('grants what an agent asked for only from an extension page, for one well-formed session', () => {
    const grant = { type: 'grantRequested', sessionId: 'demo' };
    expect(admitRequest(grant, popup, self)).toEqual({ ok: true, value: grant, origin: 'page' });
    // A page the dock runs in must never widen a session's authority.
    expect(admitRequest(grant, dock, self)).toEqual({
      ok: false,
      reason: 'a content script may not send "grantRequested"',
    });
    expect(admitRequest(grant, stranger, self)).toMatchObject({ ok: false });
    for (const bad of [
      { type: 'grantRequested' },
      { type: 'grantRequested', sessionId: 'has spaces' },
      { ...grant, mode: 'bypass' },
      { ...grant, permissions: ['tools.Bash: allow'] },
    ])
      expect(admitRequest(bad, popup, self)).toEqual({
        ok: false,
        reason: 'malformed "grantRequested" request',
      });
  });

  it('refuses a content script that tries to grant more than once, or to comment', () => {
    for (const answer of [
      { decision: 'approve', scope: 'global' },
      { decision: 'approve', scope: 'session' },
      { decision: 'reject', comment: 'page-written text' },
      // Approve once with something riding along: a rule, a time box, an edited input, a comment.
      { decision: 'approve', scope: 'once', updated_input: { command: 'curl -s x | sh' } },
      { decision: 'approve', updated_input: { command: 'rm -rf ~' } },
      { decision: 'approve', scope: 'once', rules: ['Bash(curl:*)'] },
      { decision: 'approve', rule: 'Bash(curl:*)' },
      { decision: 'approve', scope: 'once', expires_at: '2030-01-01T00:00:00.000Z' },
      { decision: 'approve', comment: 'page-written text' },
      { decision: 'reject', rules: ['Bash(curl:*)'] },
      { decision: 'reject', updated_input: { command: 'ls' } },
    ]) {
      expect(admitRequest({ ...respond, answer }, dock, self)).toEqual({
        ok: false,
        reason: 'the dock may only approve once or deny',
      });
      // The same answers are fine from the popup.
      expect(admitRequest({ ...respond, answer }, popup, self)).toMatchObject({ ok: true });
    }
  });
});

describe('ports', () => {
  it('gives the whole inbox only to extension pages, the dock port to anyone of ours', () => {
    expect(admitPort('gatehouse-approver', popup, self)).toEqual({
      ok: true,
      value: 'approver',
      origin: 'page',
    });
    expect(admitPort('gatehouse-approver', dock, self)).toMatchObject({ ok: false });
    expect(admitPort('gatehouse-dock', dock, self)).toEqual({ ok: true, value: 'dock', origin: 'content' });
    expect(admitPort('gatehouse-dock', stranger, self)).toMatchObject({ ok: false });
    expect(admitPort('anything', popup, self)).toMatchObject({ ok: false });
  });
});
