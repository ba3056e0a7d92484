import { afterEach, describe, expect, it } from 'vitest';
import { createDirectPort, type DirectPort } from '../../extension/app/direct-port.ts';
import { codeFromFragment, codeFromInput, fragmentWithoutCode } from '../../extension/app/pair-code.ts';
import { forgetPairing, pairingKey, readPairing, savePairing } from '../../extension/app/pairing-store.ts';
import type { InboxState } from '../../extension/ui/port.ts';
import type { SessionView } from '../../shared/contract/index.ts';
import { interaction, session, userResolution } from './ui-fixtures.ts';

const origin = 'https://relay.example';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

type Route = (request: Sent) => { status: number; body: unknown } | undefined;

/** A relay on `fetch`: the first route that answers wins; everything sent is recorded. */
function fakeRelay(...routes: Route[]) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const request: Sent = {
      method: init.method ?? 'GET',
      url: String(input),
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    for (const route of routes) {
      const answer = route(request);
      if (answer)
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'no route' } }), {
      status: 404,
    });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const at =
  (method: string, path: string, status: number, body: unknown): Route =>
  (request) =>
    request.method === method && new URL(request.url).pathname === `/api/v1${path}`
      ? { status, body }
      : undefined;

const ticket = at('POST', '/ws-tickets', 201, { ticket: 'tkt-1', expiresAt: '2026-11-29T12:01:00.000Z' });

/** A WebSocket that the test drives: it opens nothing. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly url: string;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly listeners: Array<(event: { data: unknown }) => void> = [];
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
    this.listeners.push(listener);
  }
  send() {}
  close() {
    this.closed = true;
  }
  receive(message: unknown) {
    const event = { data: JSON.stringify(message) };
    this.onmessage?.(event);
    for (const listener of this.listeners) listener(event);
  }
}

const ports: DirectPort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
  FakeSocket.opened = [];
});

function makePort(storage: MemoryStorage, relay: ReturnType<typeof fakeRelay>) {
  const port = createDirectPort({
    origin,
    storage,
    fetch: relay.fetch,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  ports.push(port);
  const states: InboxState[] = [];
  port.subscribe((state) => states.push(state));
  return { port, states };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const paired = (storage: MemoryStorage, token = 'apv-token') => {
  savePairing(storage, { token, workspaceId: 'default' });
  return storage;
};

describe('the pairing code in the URL and the form', () => {
  it.each([
    ['#pair=AB12CD34', 'AB12CD34'],
    ['#pair=team.AB12CD34', 'team.AB12CD34'],
    ['#pair=team%2EAB12CD34', 'team.AB12CD34'],
    ['pair=%20AB12CD34%20', 'AB12CD34'],
    ['', null],
    ['#', null],
    ['#pair=', null],
    ['#other=1', null],
  ])('%s → %s', (hash, code) => {
    expect(codeFromFragment(hash)).toBe(code);
  });

  it('removes only the code from the fragment', () => {
    expect(fragmentWithoutCode('#pair=AB12CD34')).toBe('');
    expect(fragmentWithoutCode('#pair=AB12CD34&view=sessions')).toBe('#view=sessions');
  });

  it('takes a typed code or a pasted link to this relay', () => {
    expect(codeFromInput('  AB12CD34 ', origin)).toEqual({ ok: true, code: 'AB12CD34' });
    expect(codeFromInput(`${origin}/app#pair=team.AB12CD34`, origin)).toEqual({
      ok: true,
      code: 'team.AB12CD34',
    });
  });

  it('refuses a link to another relay, and what cannot be a code', () => {
    const other = codeFromInput('https://evil.example/app#pair=AB12CD34', origin);
    expect(other.ok).toBe(false);
    expect(!other.ok && other.message).toContain('https://evil.example');
    expect(codeFromInput('', origin).ok).toBe(false);
    expect(codeFromInput('abc', origin).ok).toBe(false);
    expect(codeFromInput('x'.repeat(65), origin).ok).toBe(false);
  });
});

describe('the stored pairing', () => {
  it('round-trips under gatehouse.approver', () => {
    const storage = new MemoryStorage();
    expect(savePairing(storage, { token: 't', workspaceId: 'w' })).toBe(true);
    expect(JSON.parse(storage.items.get(pairingKey)!)).toEqual({ token: 't', workspaceId: 'w' });
    expect(readPairing(storage)).toEqual({ token: 't', workspaceId: 'w' });
    forgetPairing(storage);
    expect(readPairing(storage)).toBeNull();
  });

  it('reads damage as not paired', () => {
    const storage = new MemoryStorage();
    for (const text of ['{', '"token"', '{"token":""}', '{"token":1,"workspaceId":"w"}', 'null']) {
      storage.items.set(pairingKey, text);
      expect(readPairing(storage), text).toBeNull();
    }
  });

  it('survives a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readPairing(refusing)).toBeNull();
    expect(savePairing(refusing, { token: 't', workspaceId: 'w' })).toBe(false);
    expect(() => forgetPairing(refusing)).not.toThrow();
  });
});

describe('createDirectPort', () => {
  it('starts unpaired without a stored token, and refuses calls', async () => {
    const relay = fakeRelay();
    const { port, states } = makePort(new MemoryStorage(), relay);
    expect(states.at(-1)).toEqual({ connection: 'unpaired', relayUrl: null, sessions: [] });
    const result = await port.sessions();
    expect(result).toMatchObject({ ok: false, refusal: 'unpaired' });
    expect(relay.sent).toEqual([]);
  });

  it('pairs with its own origin, stores the token and goes live over a ticketed socket', async () => {
    const storage = new MemoryStorage();
    const relay = fakeRelay(at('POST', '/pair', 201, { token: 'apv-new', workspaceId: 'default' }), ticket);
    const { port, states } = makePort(storage, relay);
    expect(await port.pair('AB12CD34')).toEqual({ ok: true });
    expect(readPairing(storage)).toEqual({ token: 'apv-new', workspaceId: 'default' });
    expect(relay.sent[0]).toMatchObject({
      method: 'POST',
      url: `${origin}/api/v1/pair`,
      body: { code: 'AB12CD34' },
    });
    expect(relay.sent[0]?.authorization).toBeNull();
    await settle();
    expect(states.at(-1)?.connection).toBe('connecting');
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toBe('wss://relay.example/api/v1/inbox?ticket=tkt-1');
    expect(socket.url).not.toContain('apv-new');
    socket.receive({ type: 'snapshot', sessions: [session('s1', 'i1')], ts: '2026-11-29T12:00:00.000Z' });
    expect(states.at(-1)).toMatchObject({ connection: 'live', relayUrl: origin });
    expect(states.at(-1)?.sessions.map((view: SessionView) => view.sessionId)).toEqual(['s1']);
  });

  it('sends the token only to its own origin, as a bearer token', async () => {
    const relay = fakeRelay(ticket, at('GET', '/sessions', 200, { sessions: [session('s1')] }));
    const { port } = makePort(paired(new MemoryStorage()), relay);
    const result = await port.sessions();
    expect(result.ok && result.value.map((view) => view.sessionId)).toEqual(['s1']);
    expect(relay.sent.length).toBeGreaterThan(0);
    for (const request of relay.sent) {
      expect(new URL(request.url).origin).toBe(origin);
      expect(request.authorization).toBe('Bearer apv-token');
    }
  });

  it.each([
    [410, 'already used or has expired'],
    [400, 'Code unknown'],
    [429, 'Rate limited'],
  ])('says why pairing failed: %i', async (status, words) => {
    const storage = new MemoryStorage();
    const relay = fakeRelay(
      at('POST', '/pair', status, { error: { code: 'invalid_request', message: 'no' } }),
    );
    const { port, states } = makePort(storage, relay);
    const outcome = await port.pair('AB12CD34');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toContain(words);
    expect(readPairing(storage)).toBeNull();
    expect(states.at(-1)?.connection).toBe('unpaired');
  });

  it('says when the relay is unreachable', async () => {
    const { port } = makePort(new MemoryStorage(), {
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
      sent: [],
    });
    const outcome = await port.pair('AB12CD34');
    expect(!outcome.ok && outcome.message).toMatch(/unreachable/i);
  });

  it('drops a pairing the relay no longer accepts', async () => {
    const storage = paired(new MemoryStorage());
    const relay = fakeRelay(
      at('POST', '/ws-tickets', 401, { error: { code: 'unauthorized', message: 'revoked' } }),
    );
    const { states } = makePort(storage, relay);
    await settle();
    await settle();
    expect(states.at(-1)?.connection).toBe('unpaired');
    expect(states.at(-1)?.error).toMatch(/pair again/);
    expect(readPairing(storage)).toBeNull();
  });

  it('drops the pairing when an action is refused with 401', async () => {
    const storage = paired(new MemoryStorage());
    const relay = fakeRelay(
      ticket,
      at('GET', '/sessions', 401, { error: { code: 'unauthorized', message: 'revoked' } }),
    );
    const { port, states } = makePort(storage, relay);
    const result = await port.sessions();
    expect(result).toMatchObject({ ok: false, refusal: 'unpaired' });
    expect(states.at(-1)?.connection).toBe('unpaired');
    expect(readPairing(storage)).toBeNull();
  });

  it('passes on a 409 with how the question ended', async () => {
    const resolved = interaction({ state: 'resolved', resolution: userResolution() });
    const relay = fakeRelay(
      ticket,
      at('POST', '/sessions/s1/interaction-respond', 409, {
        error: { code: 'conflict', message: 'already resolved', details: { interaction: resolved } },
      }),
    );
    const { port } = makePort(paired(new MemoryStorage()), relay);
    const result = await port.respond({
      sessionId: 's1',
      interactionId: 'int-1',
      answer: { decision: 'approve', scope: 'once' },
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: 'answered_elsewhere',
      interaction: { resolution: { behavior: 'allow' } },
    });
    const sentBody = relay.sent.find((request) => request.url.endsWith('/interaction-respond'))?.body;
    expect(sentBody).toEqual({ interaction_id: 'int-1', answer: { decision: 'approve', scope: 'once' } });
  });

  it('reads the timeline as the newest events, 200 unless told', async () => {
    const relay = fakeRelay(ticket, at('GET', '/sessions/s1/audit', 200, { events: [], next: null }));
    const { port } = makePort(paired(new MemoryStorage()), relay);
    expect(await port.timeline('s1')).toEqual({ ok: true, value: [] });
    const audit = relay.sent.find((request) => request.url.includes('/audit'));
    expect(new URL(audit!.url).searchParams.get('tail')).toBe('200');
  });

  it('unpairs: forgets the token, closes the socket, calls are refused', async () => {
    const storage = paired(new MemoryStorage());
    const relay = fakeRelay(ticket);
    const { port, states } = makePort(storage, relay);
    await settle();
    port.unpair();
    expect(readPairing(storage)).toBeNull();
    expect(FakeSocket.opened.every((socket) => socket.closed)).toBe(true);
    expect(states.at(-1)).toEqual({ connection: 'unpaired', relayUrl: null, sessions: [] });
    expect(
      await port.respond({ sessionId: 's1', interactionId: 'i1', answer: { decision: 'reject' } }),
    ).toMatchObject({
      ok: false,
      refusal: 'unpaired',
    });
  });
});
