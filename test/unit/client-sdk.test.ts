import { describe, expect, it } from 'vitest';
import { createClient, GatehouseError, parseServerSentEvents } from '../../client/sdk/index.ts';

type Answer = { status: number; body: string; headers?: Record<string, string> };

/** A fetch that answers from a script and records what it was asked. */
function fakeFetch(answers: Array<Answer | Error>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers scripted');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const decision = {
  toolCallId: 't1',
  behavior: 'allow',
  source: 'policy',
  reason: 'a read',
  reasonCode: 'read_fast_path',
  risk: 'safe',
};
const allowed = { toolCallId: 't1', tool: 'Read', outcome: 'allow', decision };

/** A body stream delivering the given chunks as they are (split anywhere). */
const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('SDK errors', () => {
  it.each([
    [
      401,
      { error: { code: 'unauthorized', message: 'a valid bearer token is required' } },
      'unauthorized',
      undefined,
    ],
    [403, { error: { code: 'forbidden', message: 'approver role required' } }, 'forbidden', undefined],
    [
      409,
      { error: { code: 'conflict', message: 'not active', details: { interaction: { state: 'queued' } } } },
      'conflict',
      { interaction: { state: 'queued' } },
    ],
    [410, { error: { code: 'expired', message: 'expired' } }, 'expired', undefined],
  ])(
    'a %i ErrorBody becomes GatehouseError with its code, message and details',
    async (status, body, code, details) => {
      const { fetch } = fakeFetch([{ status, body: JSON.stringify(body) }]);
      const client = createClient({ url: 'http://relay.test', token: 't', fetch });
      const error = await client.getToolCall('s', 't1').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatehouseError);
      expect(error).toMatchObject({ status, code, message: body.error.message, details, relayFailed: false });
    },
  );

  it.each([
    ['HTML from a proxy', 502, '<html>bad gateway</html>', 'internal', true],
    [
      'an unknown error code',
      400,
      JSON.stringify({ error: { code: 'teapot', message: 'x' } }),
      'invalid_response',
      true,
    ],
    ['a 500 without a body', 500, '', 'internal', true],
  ])('%s keeps only the status', async (_what, status, body, code, relayFailed) => {
    const { fetch } = fakeFetch([{ status, body }]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    await expect(client.inbox()).rejects.toMatchObject({ status, code, relayFailed });
  });

  it('a network failure is status 0, unreachable', async () => {
    const { fetch } = fakeFetch([
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }),
    ]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    await expect(client.submit('s', { tool_call_id: 't1', tool: 'Read', input: {} })).rejects.toMatchObject({
      status: 0,
      code: 'unreachable',
      relayFailed: true,
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it.each([
    ['not JSON', 'ok'],
    ['an outcome outside the contract', JSON.stringify({ ...allowed, outcome: 'maybe' })],
    [
      'a decision without a reason',
      JSON.stringify({ ...allowed, decision: { ...decision, reason: undefined } }),
    ],
  ])('a 200 with %s is invalid_response, never trusted', async (_what, body) => {
    const { fetch } = fakeFetch([{ status: 200, body }]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    await expect(client.getToolCall('s', 't1')).rejects.toMatchObject({
      code: 'invalid_response',
      relayFailed: true,
    });
  });

  it('sends the token, JSON and the right path; ids are encoded', async () => {
    const { fetch, requests } = fakeFetch([{ status: 200, body: JSON.stringify(allowed) }]);
    const client = createClient({ url: 'http://relay.test/api/v1/', token: 'secret', fetch });
    await client.submit('a/b', { tool_call_id: 't1', tool: 'Read', input: { file_path: 'x' }, wait: 5 });
    const request = requests[0]!;
    expect(request.url).toBe('http://relay.test/api/v1/sessions/a%2Fb/tool-calls');
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer secret');
    expect(await request.json()).toEqual({
      tool_call_id: 't1',
      tool: 'Read',
      input: { file_path: 'x' },
      wait: 5,
    });
  });
});

describe('waitFor', () => {
  const pending = { ...allowed, outcome: 'pending', decision: { ...decision, behavior: 'ask' } };

  it('long-polls until the call is final', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, body: JSON.stringify(pending) },
      { status: 200, body: JSON.stringify(pending) },
      { status: 200, body: JSON.stringify({ ...allowed, outcome: 'deny' }) },
    ]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    const seen: string[] = [];
    const state = await client.waitFor('s', 't1', {
      pollSeconds: 30,
      onPending: (s) => seen.push(s.outcome),
    });
    expect(state.outcome).toBe('deny');
    expect(seen).toEqual(['pending', 'pending']);
    expect(requests.map((r) => new URL(r.url).searchParams.get('wait'))).toEqual(['30', '30', '30']);
  });

  it('returns the pending state at the deadline', async () => {
    const { fetch, requests } = fakeFetch([{ status: 200, body: JSON.stringify(pending) }]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    const state = await client.waitFor('s', 't1', { until: Date.now() - 1 });
    expect(state.outcome).toBe('pending');
    expect(new URL(requests[0]!.url).searchParams.get('wait')).toBe('0');
  });
});

describe('SSE parsing', () => {
  it('splits fields, joins data lines, ignores comments and retry, handles CRLF and chunks split anywhere', async () => {
    const text =
      ': hello\r\nretry: 2000\r\nid: 1\r\nevent: a\r\ndata: one\r\ndata:two\r\n\r\nid: 2\nevent: b\ndata: {"x":1}\n\ndata\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
      expect(await collect(parseServerSentEvents(streamOf(chunks)))).toEqual([
        { id: '1', event: 'a', data: 'one\ntwo' },
        { id: '2', event: 'b', data: '{"x":1}' },
        { id: '2', event: 'message', data: '' },
      ]);
    }
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await collect(parseServerSentEvents(streamOf(['data: complete\n\ndata: cut off'])))).toEqual([
      { id: undefined, event: 'message', data: 'complete' },
    ]);
  });
});

describe('events()', () => {
  const event = (seq: number, name = 'mode_changed') =>
    `id: ${seq}\nevent: ${name}\ndata: ${JSON.stringify({ seq, ts: '2026-01-01T00:00:00Z', name, value: { mode: 'plan', engineMode: 'plan', previousMode: null, by: 'agent' } })}\n\n`;

  it('validates events, skips unknown names, and resumes after the last seq when the stream drops', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, body: `${event(1)}id: 2\nevent: from_the_future\ndata: {}\n\n${event(3)}` },
      { status: 503, body: '' },
      { status: 200, body: `${event(3)}${event(4)}` },
      { status: 401, body: JSON.stringify({ error: { code: 'unauthorized', message: 'revoked' } }) },
    ]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    const seqs: number[] = [];
    const error = await (async () => {
      for await (const e of client.events('s', { retryMs: 1 })) seqs.push(e.seq);
    })().catch((caught: unknown) => caught);
    expect(seqs).toEqual([1, 3, 4]);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(requests.map((r) => r.headers.get('last-event-id'))).toEqual(['0', '3', '3', '4']);
  });

  it('a known event that does not match the contract is an error', async () => {
    const bad = `id: 1\nevent: mode_changed\ndata: ${JSON.stringify({ seq: 1, ts: 'x', name: 'mode_changed', value: { mode: 1 } })}\n\n`;
    const { fetch } = fakeFetch([{ status: 200, body: bad }]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    await expect(collect(client.events('s', { reconnect: false }))).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('ends quietly when aborted', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch([
      { status: 200, body: event(1) },
      { status: 200, body: event(2) },
    ]);
    const client = createClient({ url: 'http://relay.test', token: 't', fetch });
    const seqs: number[] = [];
    for await (const e of client.events('s', { signal: controller.signal, retryMs: 1 })) {
      seqs.push(e.seq);
      controller.abort();
    }
    expect(seqs).toEqual([1]);
  });
});
