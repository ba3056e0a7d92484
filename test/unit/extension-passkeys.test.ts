import { describe, expect, it, vi } from 'vitest';
import { admitRequest, type Self } from '../../extension/lib/message-guard.ts';
import { extensionPlace } from '../../extension/lib/passkey-place.ts';
import { passkeyHandlers } from '../../extension/lib/passkey-requests.ts';
import { assumedLevel, standingWatch } from '../../extension/lib/passkey-standing.ts';
import type { RelayCalls } from '../../extension/lib/relay-calls.ts';
import { passkeyNotice } from '../../extension/ui/card/passkey-notice.ts';
import { appAddress, extensionCannotClaim } from '../../extension/ui/passkeys/extension-reach.ts';
import type { PasskeyPlace, PasskeyStanding, PortResult } from '../../extension/ui/port.ts';
import type { PasskeyList } from '../../shared/contract/index.ts';

// Passkeys in the extension (docs/attestation.md "In the approver UI"): where its pages can hold
// the ceremony, what a card says, what the background admits and how it keeps the standing.

const self: Self = { id: 'gatehouse-id', pagesUrl: 'chrome-extension://gatehouse-id/' };
const page = { id: 'gatehouse-id', url: 'chrome-extension://gatehouse-id/options.html' };
const dock = { id: 'gatehouse-id', url: 'https://news.example/article' };

const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'c2ln' },
  clientExtensionResults: {},
};

describe('where the extension can hold the ceremony', () => {
  it('over https and on localhost; never for an IP address or plain http elsewhere', () => {
    expect(extensionCannotClaim('https://relay.example')).toBeNull();
    expect(extensionCannotClaim('http://localhost:8787')).toBeNull();
    expect(extensionCannotClaim('http://127.0.0.1:8787')).toMatch(/paired by IP address \(127\.0\.0\.1\)/);
    expect(extensionCannotClaim('https://192.168.1.20')).toMatch(/IP address \(192\.168\.1\.20\)/);
    expect(extensionCannotClaim('http://[::1]:8787')).toMatch(/IP address \(\[::1\]\)/);
    expect(extensionCannotClaim('http://relay.lan:8787')).toMatch(/plain http \(relay\.lan\)/);
    expect(extensionCannotClaim('not a url')).toMatch(/not a URL/);
  });

  it('sends a loopback IP to /app on localhost (the relay’s RP ID there), any other to the relay itself', () => {
    expect(appAddress('http://127.0.0.1:8787')).toBe('http://localhost:8787/app');
    expect(appAddress('http://[::1]:8787')).toBe('http://localhost:8787/app');
    expect(appAddress('http://192.168.1.20:8787')).toBe('http://192.168.1.20:8787/app');
  });

  it('the extension’s place: the options page to register, or /app and why', () => {
    const openOptions = vi.fn();
    const place = extensionPlace(openOptions);
    const here = place('http://localhost:8787');
    expect(here.elsewhere).toBeUndefined();
    here.register?.();
    expect(openOptions).toHaveBeenCalledOnce();
    expect(place('http://127.0.0.1:8787')).toEqual({
      elsewhere: { why: expect.stringMatching(/IP address/), app: 'http://localhost:8787/app' },
    });
    // Not paired: nothing to send anyone to.
    expect(place(null).elsewhere).toBeUndefined();
  });
});

describe("the card's passkey line", () => {
  const ids = { sessionId: 's 1', interactionId: 'int-1' };
  const inForce: PasskeyPlace = { level: 'high', setting: 'high', count: 1 };
  const noneYet: PasskeyPlace = { level: 'off', setting: 'critical', count: 0 };
  const elsewhere = { why: 'the relay is paired by IP address', app: 'http://localhost:1/app' };

  it('says nothing where the port runs no ceremony, or below step-up', () => {
    expect(passkeyNotice('critical', undefined, ids)).toEqual({ kind: 'none' });
    expect(passkeyNotice('medium', inForce, ids)).toEqual({ kind: 'none' });
  });

  it('needs the passkey here, or links to the card in /app (ids encoded) when this page cannot ask', () => {
    expect(passkeyNotice('high', inForce, ids)).toEqual({ kind: 'here' });
    expect(passkeyNotice('critical', { ...inForce, elsewhere }, ids)).toEqual({
      kind: 'elsewhere',
      why: elsewhere.why,
      href: 'http://localhost:1/app#card=s%201/int-1',
    });
  });

  it('offers to register one where the setting would ask and none is registered', () => {
    const register = () => {};
    expect(passkeyNotice('critical', { ...noneYet, register }, ids)).toEqual({ kind: 'register', register });
    expect(passkeyNotice('critical', { ...noneYet, elsewhere }, ids)).toEqual({
      kind: 'register',
      href: 'http://localhost:1/app#passkeys',
    });
    expect(passkeyNotice('high', { ...noneYet, register }, ids)).toEqual({ kind: 'none' });
    expect(passkeyNotice('critical', { ...noneYet, setting: 'off', register }, ids)).toEqual({
      kind: 'none',
    });
    // Nowhere to register: nothing offered.
    expect(passkeyNotice('critical', noneYet, ids)).toEqual({ kind: 'none' });
  });
});

describe('the passkey requests the background admits', () => {
  it('from extension pages, in the contract’s shapes', () => {
    for (const request of [
      { type: 'passkeyList' },
      { type: 'passkeyRegistrationOptions' },
      { type: 'passkeyAssertionOptions' },
      { type: 'passkeyRename', id: 'Y3JlZA', name: 'Laptop' },
      { type: 'passkeyRemove', id: 'Y3JlZA', assertion },
      { type: 'passkeyRemove', id: 'Y3JlZA' },
      {
        type: 'stepUpOptions',
        sessionId: 'demo',
        interactionId: 'int-1',
        answer: { decision: 'approve', scope: 'once' },
      },
    ])
      expect(admitRequest(request, page, self), request.type).toMatchObject({ ok: true, origin: 'page' });
  });

  it('refuses malformed ones, and every one from a content script', () => {
    expect(admitRequest({ type: 'passkeyRemove', id: '../tokens' }, page, self)).toEqual({
      ok: false,
      reason: 'malformed "passkeyRemove" request',
    });
    expect(admitRequest({ type: 'passkeyRename', id: 'Y3JlZA', name: '' }, page, self)).toMatchObject({
      ok: false,
    });
    expect(
      admitRequest({ type: 'passkeyRegister', response: { id: 'x' }, name: 'Laptop' }, page, self),
    ).toMatchObject({ ok: false });
    // The step-up options are for the answer as it will be sent, without an assertion.
    expect(
      admitRequest(
        {
          type: 'stepUpOptions',
          sessionId: 'demo',
          interactionId: 'int-1',
          answer: { decision: 'approve', webauthn: assertion },
        },
        page,
        self,
      ),
    ).toMatchObject({ ok: false });
    expect(admitRequest({ type: 'passkeyList' }, dock, self)).toEqual({
      ok: false,
      reason: 'a content script may not send "passkeyList"',
    });
    expect(
      admitRequest(
        { type: 'stepUpOptions', sessionId: 'demo', interactionId: 'int-1', answer: { decision: 'approve' } },
        dock,
        self,
      ),
    ).toMatchObject({ ok: false });
  });
});

const list = (count: number, minRisk: 'high' | 'critical' | 'off' = 'critical'): PasskeyList => ({
  passkeys: Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    name: `Key ${i}`,
    publicKey: { kty: 'OKP', crv: 'Ed25519', x: 'eA' },
  })),
  stepUp: { minRisk },
  signature: null,
});

describe("the background's passkey standing", () => {
  it('is unknown until listed, then follows each listing; a relay without the route asks nothing', async () => {
    const answers: PortResult<PasskeyList>[] = [
      { ok: true, value: list(1, 'high') },
      { ok: false, refusal: 'unreachable', message: 'down' },
      { ok: false, refusal: 'not_found', message: 'no route' },
    ];
    const seen: (PasskeyStanding | undefined)[] = [];
    const watch = standingWatch({
      list: async () => answers.shift()!,
      onChange: (standing) => seen.push(standing),
    });
    expect(watch.current()).toBeUndefined();
    expect(assumedLevel(watch.current())).toBe('critical');
    await watch.refresh();
    expect(watch.current()).toEqual({ level: 'high', setting: 'high', count: 1 });
    // A failed listing keeps what was known.
    await watch.refresh();
    expect(watch.current()).toEqual({ level: 'high', setting: 'high', count: 1 });
    await watch.refresh();
    expect(watch.current()).toEqual({ level: 'off', setting: 'off', count: 0 });
    watch.take(list(0));
    expect(watch.current()).toEqual({ level: 'off', setting: 'critical', count: 0 });
    watch.take(list(0));
    expect(seen).toHaveLength(3);
  });

  it('a listing that ends after the pairing did brings nothing back; settled() waits for one under way', async () => {
    let finish: (result: PortResult<PasskeyList>) => void = () => {};
    const watch = standingWatch({
      list: () => new Promise((done) => (finish = done)),
      onChange: () => {},
    });
    const refreshing = watch.refresh();
    const settled = watch.settled();
    finish({ ok: true, value: list(2) });
    expect(await settled).toEqual({ level: 'critical', setting: 'critical', count: 2 });
    await refreshing;

    const late = watch.refresh();
    watch.clear();
    finish({ ok: true, value: list(1) });
    await late;
    expect(watch.current()).toBeUndefined();
    // Not paired: no listing at all.
    const unpaired = standingWatch({ list: () => null, onChange: () => {} });
    await unpaired.refresh();
    expect(unpaired.current()).toBeUndefined();
    // A listing that throws leaves it unknown, and rejects nothing.
    const failing = standingWatch({ list: () => Promise.reject(new Error('gone')), onChange: () => {} });
    await failing.refresh();
    expect(failing.current()).toBeUndefined();
  });
});

describe("the background's passkey handlers", () => {
  function core(results: Partial<Record<keyof RelayCalls['passkeys'], PortResult<unknown>>>) {
    const calls: string[] = [];
    const passkeys = new Proxy({} as RelayCalls['passkeys'], {
      get: (_target, name: string) => async (request?: unknown) => {
        calls.push(request === undefined ? name : `${name} ${JSON.stringify(request)}`);
        return results[name as keyof RelayCalls['passkeys']] ?? { ok: true, value: null };
      },
    });
    const refresh = vi.fn(async () => {});
    const take = vi.fn();
    const handlers = passkeyHandlers({
      viaRelay: (call) => call({ passkeys } as RelayCalls),
      standing: { refresh, take } as never,
    });
    return { handlers, calls, refresh, take };
  }

  it('lists with names and ids only, and keeps the standing', async () => {
    const { handlers, take } = core({ list: { ok: true, value: list(1) } });
    expect(await handlers.passkeyList({ type: 'passkeyList' }, 'page')).toEqual({
      ok: true,
      value: { passkeys: [{ id: 'p0', name: 'Key 0' }], stepUp: { minRisk: 'critical' } },
    });
    expect(take).toHaveBeenCalledWith(list(1));
  });

  it('lists again after a registration or a removal that went through, not after a refused one', async () => {
    const { handlers, calls, refresh } = core({
      register: { ok: true, value: { id: 'p1', name: 'Laptop' } },
      remove: { ok: false, refusal: 'forbidden', message: 'needs an assertion' },
    });
    expect(
      await handlers.passkeyRegister({ type: 'passkeyRegister', response: {}, name: 'Laptop' }, 'page'),
    ).toEqual({ ok: true, value: { id: 'p1', name: 'Laptop' } });
    expect(refresh).toHaveBeenCalledOnce();
    expect(await handlers.passkeyRemove({ type: 'passkeyRemove', id: 'p0' }, 'page')).toMatchObject({
      ok: false,
      message: 'needs an assertion',
    });
    expect(refresh).toHaveBeenCalledOnce();
    expect(calls).toEqual(['register {"response":{},"name":"Laptop"}', 'remove {"id":"p0"}']);
  });
});
