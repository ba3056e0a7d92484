import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported (see extension-background).
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { type Background, startBackground } from '../../extension/lib/background-service.ts';
import { chatBackgroundCalls } from '../../extension/lib/chat-background-calls.ts';
import { admitRequest, type Self } from '../../extension/lib/message-guard.ts';
import type { Request } from '../../extension/lib/messages.ts';
import { relayItem } from '../../extension/lib/storage.ts';

// The chat link panel's requests in the background (docs/chat.md "Linking"): the options page
// asks, the background calls the paired relay with the approver's token, and the dock — a
// content script in any tab — is refused before anything is called. The relay is a fake fetch.

const relayUrl = 'http://127.0.0.1:8787';
const pairing = {
  url: relayUrl,
  token: 'approver-token',
  workspaceId: 'default',
  pairedAt: '2026-11-30T10:00:00.000Z',
};
const optionsPage = {
  id: fakeBrowser.runtime.id,
  url: `chrome-extension://${fakeBrowser.runtime.id}/options.html`,
};
const dock = { id: fakeBrowser.runtime.id, url: 'https://news.example/' };
const link = {
  id: 'cl-1',
  provider: 'telegram',
  userId: '777001',
  approver: { tokenId: 'tok-1', label: 'Laptop' },
  createdAt: '2026-11-30T10:05:00.000Z',
};

class QuietSocket {
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  send() {}
  close() {}
}

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
}

/** The relay: a ticket for the inbox, and what the test says for each chat route. */
function fakeRelay(answers: Record<string, () => Response | Promise<Response>>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const authorization = new Headers(init?.headers).get('authorization');
    if (url.pathname === '/api/v1/ws-tickets')
      return Response.json(
        { ticket: 'tick', expiresAt: new Date(Date.now() + 30_000).toISOString() },
        {
          status: 201,
        },
      );
    seen.push({ method, path: url.pathname, authorization });
    const answer = answers[`${method} ${url.pathname}`];
    return answer
      ? answer()
      : Response.json({ error: { code: 'not_found', message: 'no route' } }, { status: 404 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const relayError = (status: number, code: string, message: string) => () =>
  Response.json({ error: { code, message } }, { status });

let background: Background | undefined;
const errors: unknown[] = [];

beforeEach(() => {
  fakeBrowser.reset();
  errors.length = 0;
  Object.assign(fakeBrowser.runtime, { onConnect: { addListener() {} } });
  Object.assign(fakeBrowser.permissions, { contains: vi.fn(async () => true) });
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: vi.fn(async () => []),
    registerContentScripts: vi.fn(async () => {}),
    unregisterContentScripts: vi.fn(async () => {}),
  });
});
afterEach(() => {
  background?.stop();
  background = undefined;
  expect(errors).toEqual([]);
});

async function start(answers: Parameters<typeof fakeRelay>[0], paired = true) {
  if (paired) await relayItem.setValue(pairing);
  const relay = fakeRelay(answers);
  background = startBackground({
    notificationButtons: true,
    fetch: relay.fetch,
    WebSocket: QuietSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    backoff: { initialMs: 10, maxMs: 20 },
    onError: (error) => errors.push(error),
  });
  await background.ready;
  return relay;
}

/** One message to the background as the browser delivers it, and its answer. */
async function ask(message: unknown, sender: object): Promise<unknown> {
  let answer: unknown;
  const answered = new Promise<void>((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger(message, sender, (value: unknown) => {
      answer = value;
      resolve();
    });
  });
  await answered;
  return answer;
}

const chatRequests: Request[] = [
  { type: 'chatLinkCode' },
  { type: 'chatLinks' },
  { type: 'unlinkChat', linkId: 'cl-1' },
];

describe('the options page asks the background', () => {
  it('for a link code: POST /chat/link-codes with the approver token, the code passed back', async () => {
    const code = { code: 'K7QMP3XZ', expiresAt: '2026-11-30T10:15:00.000Z' };
    const relay = await start({ 'POST /api/v1/chat/link-codes': () => Response.json(code, { status: 201 }) });
    expect(await ask({ type: 'chatLinkCode' }, optionsPage)).toEqual({ ok: true, value: code });
    expect(relay.seen).toEqual([
      { method: 'POST', path: '/api/v1/chat/link-codes', authorization: 'Bearer approver-token' },
    ]);
  });

  it('for the links, and to unlink one (its id escaped into the path)', async () => {
    const relay = await start({
      'GET /api/v1/chat/links': () => Response.json({ links: [link] }),
      'DELETE /api/v1/chat/links/cl-1': () => new Response(null, { status: 204 }),
    });
    expect(await ask({ type: 'chatLinks' }, optionsPage)).toEqual({ ok: true, value: [link] });
    expect(await ask({ type: 'unlinkChat', linkId: 'cl-1' }, optionsPage)).toEqual({ ok: true, value: null });
    expect(relay.seen.map((each) => `${each.method} ${each.path} ${each.authorization}`)).toEqual([
      'GET /api/v1/chat/links Bearer approver-token',
      'DELETE /api/v1/chat/links/cl-1 Bearer approver-token',
    ]);
  });

  it('a relay refusal comes back as its refusal with the relay’s own message, to show as text', async () => {
    await start({
      'POST /api/v1/chat/link-codes': relayError(403, 'forbidden', 'agent tokens cannot link chats'),
      'GET /api/v1/chat/links': relayError(500, 'internal', 'the directory is down'),
      'DELETE /api/v1/chat/links/cl-1': relayError(404, 'not_found', 'no chat link cl-1'),
    });
    expect(await ask({ type: 'chatLinkCode' }, optionsPage)).toEqual({
      ok: false,
      refusal: 'forbidden',
      message: 'agent tokens cannot link chats',
    });
    expect(await ask({ type: 'chatLinks' }, optionsPage)).toMatchObject({
      ok: false,
      refusal: 'unreachable',
      message: 'the directory is down',
    });
    expect(await ask({ type: 'unlinkChat', linkId: 'cl-1' }, optionsPage)).toEqual({
      ok: false,
      refusal: 'not_found',
      message: 'no chat link cl-1',
    });
  });

  it('an answer that is not the contract’s shape is refused, not passed on', async () => {
    await start({
      'POST /api/v1/chat/link-codes': () => Response.json({ code: 42 }, { status: 201 }),
      'GET /api/v1/chat/links': () => Response.json({ links: [{ ...link, provider: 'irc' }] }),
    });
    expect(await ask({ type: 'chatLinkCode' }, optionsPage)).toMatchObject({ ok: false });
    expect(await ask({ type: 'chatLinks' }, optionsPage)).toMatchObject({ ok: false });
  });

  it('a refused token ends the pairing, as every other relay call does', async () => {
    await start({ 'GET /api/v1/chat/links': relayError(401, 'unauthorized', 'token revoked') });
    expect(await ask({ type: 'chatLinks' }, optionsPage)).toMatchObject({ ok: false, refusal: 'unpaired' });
    expect(await relayItem.getValue()).toBeNull();
  });

  it('unpaired: answered as such, and nothing is called', async () => {
    const relay = await start({}, false);
    for (const request of chatRequests)
      expect(await ask(request, optionsPage)).toMatchObject({ ok: false, refusal: 'unpaired' });
    expect(relay.seen).toEqual([]);
  });
});

describe('the dock (a content script in any tab) is refused', () => {
  it('every chat request, before the relay is called', async () => {
    const relay = await start({
      'POST /api/v1/chat/link-codes': () => Response.json({ code: 'X', expiresAt: 'y' }, { status: 201 }),
      'GET /api/v1/chat/links': () => Response.json({ links: [link] }),
    });
    for (const request of chatRequests)
      expect(await ask(request, dock)).toEqual({
        ok: false,
        refusal: 'invalid',
        message: `a content script may not send "${request.type}"`,
      });
    expect(relay.seen).toEqual([]);
  });

  it('and so is another extension, which gets no answer at all', () => {
    const self: Self = {
      id: fakeBrowser.runtime.id,
      pagesUrl: `chrome-extension://${fakeBrowser.runtime.id}/`,
    };
    for (const request of chatRequests)
      expect(admitRequest(request, { id: 'other-extension', url: optionsPage.url }, self)).toEqual({
        ok: false,
        reason: 'the sender is not this extension',
      });
  });
});

describe('the requests’ shapes', () => {
  const self: Self = { id: 'gatehouse-id', pagesUrl: 'chrome-extension://gatehouse-id/' };
  const page = { id: 'gatehouse-id', url: 'chrome-extension://gatehouse-id/options.html' };

  it.each([
    [{ type: 'chatLinkCode', provider: 'telegram' }, 'malformed "chatLinkCode" request'],
    [{ type: 'chatLinks', all: true }, 'malformed "chatLinks" request'],
    [{ type: 'unlinkChat' }, 'malformed "unlinkChat" request'],
    [{ type: 'unlinkChat', linkId: '' }, 'malformed "unlinkChat" request'],
    [{ type: 'unlinkChat', linkId: '../tokens/tok-1' }, 'malformed "unlinkChat" request'],
    [{ type: 'unlinkChat', linkId: 42 }, 'malformed "unlinkChat" request'],
    [{ type: 'chatToken' }, 'unknown request'],
  ])('refuses %j: %s', (message, reason) => {
    expect(admitRequest(message, page, self)).toEqual({ ok: false, reason });
  });

  it('admits the three from an extension page', () => {
    for (const request of chatRequests)
      expect(admitRequest(request, page, self)).toEqual({ ok: true, value: request, origin: 'page' });
  });
});

describe('the options page’s calls', () => {
  it('send each operation as its request and pass the background’s answer, or its refusal, back', async () => {
    const sent: unknown[] = [];
    const refusal = { ok: false as const, refusal: 'unreachable' as const, message: 'no answer' };
    const calls = chatBackgroundCalls(async (request) => {
      sent.push(request);
      return refusal;
    });
    expect(await calls.linkCode()).toBe(refusal);
    expect(await calls.links()).toBe(refusal);
    expect(await calls.unlink('cl-9')).toBe(refusal);
    expect(sent).toEqual([
      { type: 'chatLinkCode' },
      { type: 'chatLinks' },
      { type: 'unlinkChat', linkId: 'cl-9' },
    ]);
  });
});
