import { SlackApp, verifySlackRequest } from 'slack-edge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slackSignatureWindowSeconds, verifySlackSignature } from '../../worker/chat/slack/signature.ts';
import { signSlackBody } from '../support/fake-slack-sign.ts';

// Slack's v0 request signature (docs/chat.md "Slack"), and why the relay checks it itself rather
// than through slack-edge: each case slack-edge gets wrong here is pinned below, so a release of
// slack-edge that fixes them shows up as a failing test and the choice can be made again.

const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const body = 'payload=%7B%22type%22%3A%22block_actions%22%7D';
const now = Date.UTC(2026, 11, 2, 8, 0, 0);
const nowSeconds = Math.floor(now / 1000);

async function signed(timestamp: string, text = body, key = secret): Promise<Headers> {
  return new Headers({
    'x-slack-request-timestamp': timestamp,
    'x-slack-signature': await signSlackBody(key, timestamp, text),
  });
}

describe('verifySlackSignature', () => {
  it("accepts Slack's own documented example", async () => {
    // https://api.slack.com/authentication/verifying-requests-from-slack (the worked example).
    const example =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
    const headers = new Headers({
      'x-slack-request-timestamp': '1531420618',
      'x-slack-signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    });
    expect(await verifySlackSignature(secret, headers, example, 1531420618_000)).toEqual({ ok: true });
    expect(await verifySlackSignature(secret, headers, `${example}x`, 1531420618_000)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('accepts a fresh signature at either edge of the window', async () => {
    for (const offset of [-slackSignatureWindowSeconds, 0, slackSignatureWindowSeconds]) {
      const headers = await signed(String(nowSeconds + offset));
      expect(await verifySlackSignature(secret, headers, body, now)).toEqual({ ok: true });
    }
  });

  it.each([
    ['six minutes old', nowSeconds - 6 * 60],
    ['a day old', nowSeconds - 86_400],
    ['six minutes ahead', nowSeconds + 6 * 60],
    ['an hour ahead', nowSeconds + 3600],
  ])('refuses a timestamp %s, however well signed', async (_name, at) => {
    const headers = await signed(String(at));
    expect(await verifySlackSignature(secret, headers, body, now)).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
  });

  it.each([
    ['another secret', async () => signed(String(nowSeconds), body, 'another-secret')],
    ['another body', async () => signed(String(nowSeconds), `${body}&x=1`)],
    [
      'another timestamp',
      async () => {
        const headers = await signed(String(nowSeconds));
        headers.set('x-slack-request-timestamp', String(nowSeconds - 1));
        return headers;
      },
    ],
    [
      'one flipped hex digit',
      async () => {
        const headers = await signed(String(nowSeconds));
        const signature = headers.get('x-slack-signature')!;
        const last = signature.at(-1) === '0' ? '1' : '0';
        headers.set('x-slack-signature', signature.slice(0, -1) + last);
        return headers;
      },
    ],
  ])('refuses a signature made with %s', async (_name, make) => {
    expect(await verifySlackSignature(secret, await make(), body, now)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it.each([
    ['no headers', {}, 'missing headers'],
    ['no signature', { 'x-slack-request-timestamp': String(nowSeconds) }, 'missing headers'],
    ['no timestamp', { 'x-slack-signature': `v0=${'a'.repeat(64)}` }, 'missing headers'],
    [
      'a v1 signature',
      { 'x-slack-request-timestamp': String(nowSeconds), 'x-slack-signature': `v1=${'a'.repeat(64)}` },
      'malformed headers',
    ],
    [
      'a short signature',
      { 'x-slack-request-timestamp': String(nowSeconds), 'x-slack-signature': 'v0=abc' },
      'malformed headers',
    ],
    [
      'uppercase hex',
      { 'x-slack-request-timestamp': String(nowSeconds), 'x-slack-signature': `v0=${'A'.repeat(64)}` },
      'malformed headers',
    ],
    [
      'a word for a timestamp',
      { 'x-slack-request-timestamp': 'later', 'x-slack-signature': `v0=${'a'.repeat(64)}` },
      'malformed headers',
    ],
    [
      'a negative timestamp',
      { 'x-slack-request-timestamp': '-1', 'x-slack-signature': `v0=${'a'.repeat(64)}` },
      'malformed headers',
    ],
    [
      'a fractional timestamp',
      { 'x-slack-request-timestamp': `${nowSeconds}.5`, 'x-slack-signature': `v0=${'a'.repeat(64)}` },
      'malformed headers',
    ],
    [
      'an empty secret header',
      { 'x-slack-request-timestamp': '', 'x-slack-signature': '' },
      'malformed headers',
    ],
  ])('refuses %s', async (_name, headers, reason) => {
    expect(await verifySlackSignature(secret, new Headers(headers), body, now)).toEqual({
      ok: false,
      reason,
    });
  });
});

describe('where slack-edge 1.3.17 does not fit the relay', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('its check takes a non-numeric timestamp as fresh (parseInt gives NaN, and NaN < anything is false)', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const headers = await signed('later');
    // Such a signed request never expires: replayed a year later it still passes.
    expect(await verifySlackRequest(secret, headers, body)).toBe(true);
    expect((await verifySlackSignature(secret, headers, body, now)).ok).toBe(false);
  });

  it('its check takes a timestamp an hour in the future as fresh (only the past is bounded)', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const headers = await signed(String(nowSeconds + 3600));
    expect(await verifySlackRequest(secret, headers, body)).toBe(true);
    expect((await verifySlackSignature(secret, headers, body, now)).ok).toBe(false);
  });

  it('its check ignores the scheme: a signature labelled "v9=" passes as v0', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const headers = await signed(String(nowSeconds));
    headers.set('x-slack-signature', headers.get('x-slack-signature')!.replace(/^v0=/, 'v9='));
    expect(await verifySlackRequest(secret, headers, body)).toBe(true);
    expect(await verifySlackSignature(secret, headers, body, now)).toEqual({
      ok: false,
      reason: 'malformed headers',
    });
  });

  it('its app calls https://slack.com/api/auth.test before it acknowledges, whatever SLACK_API_URL says', async () => {
    const called: string[] = [];
    vi.stubGlobal('fetch', async (input: Request | string) => {
      called.push(typeof input === 'string' ? input : input.url);
      return Response.json({ ok: true, team_id: 'T1', user_id: 'UBOT', bot_id: 'B1' });
    });
    const env = {
      SLACK_SIGNING_SECRET: secret,
      SLACK_BOT_TOKEN: 'xoxb-test',
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
    };
    const app = new SlackApp({ env });
    app.action('approve_once', async () => {});
    const payload = JSON.stringify({
      type: 'block_actions',
      team: { id: 'T1' },
      user: { id: 'U1' },
      actions: [{ action_id: 'approve_once', value: 'x' }],
    });
    const text = `payload=${encodeURIComponent(payload)}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const request = new Request('http://relay/integrations/slack/interactions', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': await signSlackBody(secret, timestamp, text),
      },
      body: text,
    });
    const response = await app.run(request, { waitUntil: () => {} } as never);
    expect(response.status).toBe(200);
    // One Web API round trip on the way to every acknowledgement, to a fixed host: the app's
    // client takes no base URL, so neither tests nor staging could point it elsewhere.
    expect(called).toEqual(['https://slack.com/api/auth.test']);
  });
});
