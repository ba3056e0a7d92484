import { describe, expect, it } from 'vitest';
import type { GateContext } from '../../client/cli/mcp-proxy/gateway.ts';
import { createRelayGate, type RelayGateOptions } from '../../client/cli/mcp-proxy/relay-gate.ts';
import { createClient } from '../../client/sdk/index.ts';

// The relay gate against a scripted relay (a fake fetch): what it submits, when it declares the
// session, how each final state becomes run or refuse, and that a withdrawn question is withdrawn.

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | Error;

function fakeRelay(script: (request: Seen) => Answer | Promise<Answer>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const request = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(request);
    const answer = await script(request);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    client: createClient({ url: 'http://relay.test', token: 't', fetch: fetch as typeof globalThis.fetch }),
    seen,
  };
}

const decision = (behavior: 'allow' | 'ask' | 'deny', reason = 'because') => ({
  toolCallId: 'x',
  behavior,
  source: 'rule',
  reason,
  reasonCode: behavior === 'deny' ? 'explicit_deny_rule' : 'explicit_rule',
  risk: 'medium',
});
const state = (outcome: 'allow' | 'deny' | 'pending', extra: Record<string, unknown> = {}) => ({
  toolCallId: 'tc-1',
  tool: 'mcp__fs__write_file',
  outcome,
  decision: decision(outcome === 'pending' ? 'ask' : outcome),
  ...extra,
});
const session = {
  sessionId: 's',
  title: 'fs',
  agent: 'mcp-proxy',
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction: null,
  queueLength: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** Answers the declaration, and tool calls from `toolCalls` in order. */
const relayWith = (...toolCalls: Answer[]) =>
  fakeRelay((request) =>
    request.method === 'PUT' ? { body: session } : (toolCalls.shift() ?? new Error('unscripted')),
  );

const gateFor = (client: RelayGateOptions['client'], options: Partial<RelayGateOptions> = {}) =>
  createRelayGate({
    client,
    name: 'fs',
    sessionId: 'sid',
    timeoutSeconds: 600,
    cwd: '/work',
    warn: () => {},
    ...options,
  });

const context = (signal = new AbortController().signal, progress?: (m: string) => void): GateContext => ({
  signal,
  ...(progress ? { progress } : {}),
});

const call = { tool: 'write_file', arguments: { path: '/tmp/x', content: 'y' } };

describe('mcp-proxy relay gate', () => {
  it('declares the session (title, agent mcp-proxy), then submits mcp__<name>__<tool> with the arguments as input, exactly', async () => {
    const relay = relayWith({ body: state('allow') });
    const verdict = await gateFor(relay.client).gate(call, context());
    expect(verdict).toEqual({ run: true, arguments: call.arguments });
    expect(relay.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/v1/sessions/sid',
      'POST /api/v1/sessions/sid/tool-calls',
    ]);
    expect(relay.seen[0]!.body).toEqual({ title: 'fs', agent: 'mcp-proxy' });
    expect(relay.seen[1]!.body).toEqual({
      tool_call_id: expect.stringMatching(/^mcp-[0-9a-f-]{36}$/),
      tool: 'mcp__fs__write_file',
      input: { path: '/tmp/x', content: 'y' },
      cwd: '/work',
      wait: 0,
    });
  });

  it('declares once, and again only after a failed declaration', async () => {
    let declarations = 0;
    const relay = fakeRelay((request) => {
      if (request.method !== 'PUT') return { body: state('allow') };
      declarations++;
      return declarations === 1 ? { status: 503, body: {} } : { body: session };
    });
    const gate = gateFor(relay.client);
    for (let i = 0; i < 3; i++) expect((await gate.gate(call, context())).run).toBe(true);
    expect(declarations).toBe(2);
  });

  it('a deny is refused with the relay’s reason', async () => {
    const relay = relayWith({ body: state('deny') });
    expect(await gateFor(relay.client).gate(call, context())).toEqual({
      run: false,
      reason:
        'Gatehouse denied this call (explicit_deny_rule): because. The same call will be denied again, so do not retry it; do it another way or ask the user.',
    });
  });

  it('an ask: progress at once, long polls until the approver answers, the comment in the refusal', async () => {
    const relay = relayWith(
      { body: state('pending') },
      { body: state('pending') },
      {
        body: state('deny', {
          resolution: {
            toolCallId: 'tc-1',
            behavior: 'deny',
            source: 'user',
            actionId: 'deny',
            scope: 'once',
            comment: 'not there',
          },
        }),
      },
    );
    const progress: string[] = [];
    const verdict = await gateFor(relay.client).gate(
      call,
      context(undefined, (m) => progress.push(m)),
    );
    expect(verdict).toEqual({
      run: false,
      reason:
        "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not there",
    });
    expect(progress[0]).toBe('waiting 0s for an approver: mcp__fs__write_file /tmp/x');
    expect(relay.seen.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/api/v1/sessions/sid/tool-calls/tc-1?wait=25',
      '/api/v1/sessions/sid/tool-calls/tc-1?wait=25',
    ]);
  });

  it('an ask approved runs the call with its arguments', async () => {
    const relay = relayWith({ body: state('pending') }, { body: state('allow') });
    expect(await gateFor(relay.client).gate(call, context())).toEqual({
      run: true,
      arguments: call.arguments,
    });
  });

  it('no answer within --timeout: the question is withdrawn and the call refused', async () => {
    const relay = relayWith({ body: state('pending') }, { body: state('pending') }, { body: state('deny') });
    const verdict = await gateFor(relay.client, { timeoutSeconds: 0 }).gate(call, context());
    expect(verdict.run).toBe(false);
    expect(relay.seen.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/sessions/sid/tool-calls/tc-1',
    });
  });

  it('cancelled while the first answer is on its way: the question it created is withdrawn', async () => {
    const abort = new AbortController();
    const relay = fakeRelay((request) => {
      if (request.method === 'PUT') return { body: session };
      abort.abort();
      return { body: state(request.method === 'DELETE' ? 'deny' : 'pending') };
    });
    const verdict = await gateFor(relay.client).gate(call, context(abort.signal));
    expect(verdict.run).toBe(false);
    expect(relay.seen.map((r) => r.method)).toEqual(['PUT', 'POST', 'DELETE']);
  });

  it('cancelled during the long poll: the question is withdrawn', async () => {
    const abort = new AbortController();
    const relay = fakeRelay(async (request) => {
      if (request.method === 'PUT') return { body: session };
      if (request.method === 'POST') return { body: state('pending') };
      if (request.method === 'DELETE') return { body: state('deny') };
      abort.abort(new Error('cancelled by the client'));
      throw new Error('aborted');
    });
    await expect(gateFor(relay.client).gate(call, context(abort.signal))).rejects.toThrow();
    expect(relay.seen.map((r) => r.method)).toEqual(['PUT', 'POST', 'GET', 'DELETE']);
  });

  it.each([
    [
      'unreachable',
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }),
      /relay unreachable/,
    ],
    [
      'rate limited',
      { status: 429, body: { error: { code: 'rate_limited', message: 'slow down' } } },
      /slow down/,
    ],
    ['garbled', { body: { outcome: 'allow' } }, /does not match the contract/],
  ] as const)('the relay %s: the gate throws, so the gateway refuses', async (_, answer, message) => {
    const relay = relayWith(answer as Answer);
    await expect(gateFor(relay.client).gate(call, context())).rejects.toThrow(message);
  });

  it('no client: refused without a request', async () => {
    expect(await gateFor(null).gate(call, context())).toMatchObject({ run: false, reason: /not configured/ });
  });

  it.each(['write file', 'write\nfile', 'wr\u0131te_file', '', 'x'.repeat(300)])(
    'a tool name the relay cannot take (%j) is refused, never submitted',
    async (tool) => {
      const relay = relayWith({ body: state('allow') });
      const verdict = await gateFor(relay.client).gate({ tool, arguments: {} }, context());
      expect(verdict.run).toBe(false);
      expect(relay.seen.filter((r) => r.method === 'POST')).toEqual([]);
    },
  );

  it('arguments past the relay’s bounds are refused, never submitted', async () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) deep = { deep };
    const relay = relayWith({ body: state('allow') });
    expect((await gateFor(relay.client).gate({ tool: 'x', arguments: deep }, context())).run).toBe(false);
    expect(relay.seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('without --name: refused until the server has said its name, then named by it and its session generated', async () => {
    const relay = relayWith({ body: state('allow') });
    const gate = gateFor(relay.client, {
      name: undefined,
      sessionId: undefined,
    } as Partial<RelayGateOptions>);
    expect(await gate.gate(call, context())).toMatchObject({ run: false, reason: /name/ });
    expect(relay.seen).toEqual([]);
    gate.learnServerInfo({ name: 'secure filesystem/server' });
    gate.learnServerInfo({ name: 'later impostor' });
    expect((await gate.gate(call, context())).run).toBe(true);
    const sid = gate.sessionId()!;
    expect(sid).toMatch(/^mcp-secure_filesystem_server-[0-9a-f]{12}$/);
    expect(relay.seen.find((r) => r.method === 'PUT')).toMatchObject({
      path: `/api/v1/sessions/${sid}`,
      body: { title: 'secure filesystem/server', agent: 'mcp-proxy' },
    });
    expect(relay.seen.find((r) => r.method === 'POST')?.body).toMatchObject({
      tool: 'mcp__secure_filesystem_server__write_file',
    });
  });

  it('--name wins over the server’s own name', async () => {
    const relay = relayWith({ body: state('allow') });
    const gate = gateFor(relay.client);
    gate.learnServerInfo({ name: 'other' });
    await gate.gate(call, context());
    expect(relay.seen.find((r) => r.method === 'POST')?.body).toMatchObject({ tool: 'mcp__fs__write_file' });
  });
});
