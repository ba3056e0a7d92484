import { describe, expect, it, vi } from 'vitest';
import type { OptionsDeps } from '../../extension/lib/options-actions.ts';
import { pairFromForm } from '../../extension/lib/options-actions.ts';
import { pairRelay } from '../../extension/lib/pairing.ts';
import {
  originPattern,
  pairingLink,
  pairingMessages,
  parsePairingInput,
  relayOrigin,
} from '../../extension/lib/pairing-input.ts';

describe('what the pairing fields mean', () => {
  it.each([
    ['http://127.0.0.1:8787', 'AB12CD34', { url: 'http://127.0.0.1:8787', code: 'AB12CD34' }],
    [
      '  https://relay.example/  ',
      ' team.AB12CD34 ',
      { url: 'https://relay.example', code: 'team.AB12CD34' },
    ],
    ['https://relay.example/api/v1', 'AB12-CD34', { url: 'https://relay.example', code: 'AB12-CD34' }],
    // A link carries its relay: it wins over whatever the URL field says (even nothing).
    [
      '',
      'https://relay.example/app#pair=team.AB12CD34',
      { url: 'https://relay.example', code: 'team.AB12CD34' },
    ],
    [
      'http://old.example',
      'http://127.0.0.1:8787/app#pair=AB12CD34',
      { url: 'http://127.0.0.1:8787', code: 'AB12CD34' },
    ],
    [
      '',
      'https://relay.example/app#pair=team.AB12CD34%20',
      { url: 'https://relay.example', code: 'team.AB12CD34' },
    ],
  ])('%j + %j → %j', (url, code, expected) => {
    expect(parsePairingInput(url, code)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'AB12CD34', 'invalid_url'],
    ['relay.example', 'AB12CD34', 'invalid_url'],
    ['ftp://relay.example', 'AB12CD34', 'invalid_url'],
    ['javascript:alert(1)', 'AB12CD34', 'invalid_url'],
    ['https://user:secret@relay.example', 'AB12CD34', 'invalid_url'],
    ['https://relay.example', '', 'invalid_code'],
    ['https://relay.example', 'AB', 'invalid_code'],
    ['https://relay.example', '<script>', 'invalid_code'],
    ['https://relay.example', 'https://relay.example/app', 'invalid_code'],
  ] as const)('%j + %j is %s', (url, code, failure) => {
    expect(parsePairingInput(url, code)).toEqual({ ok: false, failure, message: pairingMessages[failure] });
  });

  it('reads a pairing link and nothing else as one', () => {
    expect(pairingLink('https://relay.example/app#pair=AB12CD34')).toEqual({
      url: 'https://relay.example',
      code: 'AB12CD34',
    });
    expect(pairingLink('AB12CD34')).toBeNull();
    expect(pairingLink('https://relay.example/app')).toBeNull();
    expect(pairingLink('https://relay.example/app#other=1')).toBeNull();
  });

  it('asks for the relay host, without the port (Firefox patterns cannot hold one)', () => {
    expect(originPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://relay.example')).toBe('https://relay.example/*');
    expect(relayOrigin('HTTPS://Relay.Example:443/x')).toEqual({ ok: true, value: 'https://relay.example' });
  });

  it('names every failure in words the options page shows', () => {
    expect(pairingMessages.invalid_url).toMatch(/invalid relay url/i);
    expect(pairingMessages.unreachable).toMatch(/unreachable/i);
    expect(pairingMessages.not_gatehouse).toMatch(/not a gatehouse relay/i);
    expect(pairingMessages.code_unknown).toMatch(/code unknown/i);
    expect(pairingMessages.code_used).toMatch(/already used or has expired/i);
    expect(pairingMessages.rate_limited).toMatch(/rate limited/i);
    expect(pairingMessages.permission_refused).toMatch(/permission refused/i);
  });
});

/** A relay on a fake fetch: `/healthz` and `/api/v1/pair` answer as told. */
function fakeRelay(
  health: Response | Error,
  pair: Response | Error = json(201, { token: 't0k3n', workspaceId: 'default' }),
) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    const answer = url.pathname === '/healthz' ? health : pair;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });
const healthy = json(200, { ok: true, service: 'gatehouse' });
const input = { url: 'http://127.0.0.1:8787', code: 'AB12CD34' };

describe('trading a code for a token', () => {
  it('checks /healthz, then pairs, and keeps what the relay answered', async () => {
    const relay = fakeRelay(healthy);
    const outcome = await pairRelay(input, {
      fetch: relay.fetch,
      now: () => new Date('2026-11-30T10:00:00Z'),
    });
    expect(outcome).toEqual({
      ok: true,
      pairing: {
        url: input.url,
        token: 't0k3n',
        workspaceId: 'default',
        pairedAt: '2026-11-30T10:00:00.000Z',
      },
    });
    expect(relay.calls).toEqual(['/healthz', '/api/v1/pair']);
  });

  it.each([
    ['nothing listens', new TypeError('fetch failed'), 'unreachable'],
    ['another service', json(200, { ok: true, service: 'something-else' }), 'not_gatehouse'],
    ['a web page', new Response('<html>hello</html>', { status: 200 }), 'not_gatehouse'],
    ['a 404', new Response('nope', { status: 404 }), 'not_gatehouse'],
    ['an unhealthy relay', json(200, { ok: false, service: 'gatehouse' }), 'not_gatehouse'],
  ] as const)('%s at /healthz is %s, and no code is sent', async (_what, health, failure) => {
    const relay = fakeRelay(health);
    const outcome = await pairRelay(input, { fetch: relay.fetch });
    expect(outcome).toMatchObject({ ok: false, failure });
    expect(relay.calls).toEqual(['/healthz']);
  });

  it.each([
    [json(400, errorBody('invalid_request', 'unknown pairing code')), 'code_unknown'],
    [json(410, errorBody('expired', 'this pairing code was already used; create a new one')), 'code_used'],
    [json(410, errorBody('expired', 'this pairing code has expired; create a new one')), 'code_used'],
    [json(429, errorBody('rate_limited', 'too many pairing attempts; wait a minute')), 'rate_limited'],
    [new TypeError('socket hang up'), 'unreachable'],
    [json(500, errorBody('internal', 'internal error')), 'not_gatehouse'],
    [json(201, { something: 'else' }), 'not_gatehouse'],
  ] as const)('/pair answering %o is %s', async (pair, failure) => {
    const outcome = await pairRelay(input, { fetch: fakeRelay(healthy, pair).fetch });
    expect(outcome).toMatchObject({ ok: false, failure });
    if (!outcome.ok && failure !== 'code_used')
      expect(outcome.message.startsWith(pairingMessages[failure])).toBe(true);
  });

  it.each([
    [
      'this pairing code was already used; create a new one',
      'This pairing code was already used: create a new one (npx gatehouse pair).',
    ],
    [
      'this pairing code has expired; create a new one',
      'This pairing code has expired: create a new one (npx gatehouse pair).',
    ],
    ['gone', pairingMessages.code_used],
  ])('says which of used or expired it was, once: %s', async (relayWords, shown) => {
    const gone = json(410, errorBody('expired', relayWords));
    const outcome = await pairRelay(input, { fetch: fakeRelay(healthy, gone).fetch });
    expect(outcome).toEqual({ ok: false, failure: 'code_used', message: shown });
  });
});

describe('the options page’s Pair button', () => {
  const deps = (granted: boolean | Error, answer: unknown = { ok: true, relay: { url: input.url } }) => {
    const requestOrigins = vi.fn(async () => {
      if (granted instanceof Error) throw granted;
      return granted;
    });
    const send = vi.fn(async () => answer);
    return {
      requestOrigins,
      send,
      deps: { requestOrigins, send } as unknown as OptionsDeps,
    };
  };

  it('asks for the relay’s host first, then lets the background pair', async () => {
    const { deps: options, requestOrigins, send } = deps(true);
    await expect(pairFromForm('', 'http://127.0.0.1:8787/app#pair=AB12CD34', options)).resolves.toMatchObject(
      {
        ok: true,
      },
    );
    expect(requestOrigins).toHaveBeenCalledWith(['http://127.0.0.1/*']);
    expect(send).toHaveBeenCalledWith({ type: 'pair', url: 'http://127.0.0.1:8787', code: 'AB12CD34' });
  });

  it.each([false, new Error('This function must be called during a user gesture')])(
    'stops when the host permission is refused (%s)',
    async (granted) => {
      const { deps: options, send } = deps(granted);
      await expect(pairFromForm(input.url, input.code, options)).resolves.toEqual({
        ok: false,
        failure: 'permission_refused',
        message: pairingMessages.permission_refused,
      });
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('asks for nothing when the fields are wrong', async () => {
    const { deps: options, requestOrigins } = deps(true);
    await expect(pairFromForm('not a url', input.code, options)).resolves.toMatchObject({
      failure: 'invalid_url',
    });
    expect(requestOrigins).not.toHaveBeenCalled();
  });

  it('passes on the background’s failure, and calls a silent background unreachable', async () => {
    const refused = { ok: false, failure: 'code_used', message: pairingMessages.code_used };
    await expect(pairFromForm(input.url, input.code, deps(true, refused).deps)).resolves.toEqual(refused);
    const silent = {
      ok: false,
      refusal: 'unreachable',
      message: 'the extension’s background did not answer',
    };
    await expect(pairFromForm(input.url, input.code, deps(true, silent).deps)).resolves.toEqual({
      ok: false,
      failure: 'unreachable',
      message: silent.message,
    });
  });
});
