import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import {
  createGateway,
  type Gate,
  type GateContext,
  type HeldCall,
} from '../../client/cli/mcp-proxy/gateway.ts';

// The gateway between two in-memory transports: the test plays the MCP client on one side and the
// wrapped MCP server on the other, and sees every raw message each side receives.

const tick = () => new Promise((done) => setTimeout(done, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function setUp(gate: Gate, onServerInfo?: (info: { name?: unknown }) => void) {
  const [client, gatewayClientSide] = InMemoryTransport.createLinkedPair();
  const [gatewayServerSide, server] = InMemoryTransport.createLinkedPair();
  const atClient: JSONRPCMessage[] = [];
  const atServer: JSONRPCMessage[] = [];
  client.onmessage = (message) => atClient.push(message);
  server.onmessage = (message) => atServer.push(message);
  const gateway = createGateway({
    client: gatewayClientSide,
    server: gatewayServerSide,
    gate,
    ...(onServerInfo ? { onServerInfo } : {}),
  });
  await gateway.start();
  await client.start();
  await server.start();
  const fromClient = async (message: JSONRPCMessage) => {
    await client.send(message);
    await tick();
  };
  const fromServer = async (message: JSONRPCMessage) => {
    await server.send(message);
    await tick();
  };
  return { gateway, client, server, atClient, atServer, fromClient, fromServer };
}

const allow: Gate = async (call) => ({ run: true, arguments: call.arguments });
const never: Gate = () => {
  throw new Error('the gate must not be asked');
};

const call = (id: number | string, name: unknown, args?: unknown, meta?: Record<string, unknown>) =>
  ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, ...(args === undefined ? {} : { arguments: args }), ...(meta ? { _meta: meta } : {}) },
  }) as JSONRPCMessage;

describe('mcp-proxy gateway: everything but tools/call passes unchanged', () => {
  it('requests, notifications and responses, both ways, ids and unknown fields kept', async () => {
    const { atClient, atServer, fromClient, fromServer } = await setUp(never);
    const fromTheClient: JSONRPCMessage[] = [
      {
        jsonrpc: '2.0',
        id: 'a-1',
        method: 'resources/read',
        params: { uri: 'note://x', extra: [1, { y: 2 }] },
      },
      { jsonrpc: '2.0', id: 7, method: 'prompts/get', params: { name: 'greet', arguments: { who: 'x' } } },
      { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { cursor: 'c' } },
      { jsonrpc: '2.0', id: 9, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      // A response to the server's own request (sampling), with the server's id.
      { jsonrpc: '2.0', id: 100, result: { role: 'assistant', content: { type: 'text', text: 'hi' } } },
    ];
    for (const message of fromTheClient) await fromClient(message);
    expect(atServer).toEqual(fromTheClient);

    const fromTheServer: JSONRPCMessage[] = [
      { jsonrpc: '2.0', id: 'a-1', result: { contents: [{ uri: 'note://x', text: 'x' }] } },
      { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'no such prompt', data: { why: 1 } } },
      { jsonrpc: '2.0', id: 101, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'log line' } },
    ];
    for (const message of fromTheServer) await fromServer(message);
    expect(atClient).toEqual(fromTheServer);
  });

  it('hands the server its serverInfo from the answer to initialize, and only from that answer', async () => {
    const seen: unknown[] = [];
    const { fromClient, fromServer } = await setUp(never, (info) => seen.push(info.name));
    await fromClient({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    await fromServer({ jsonrpc: '2.0', id: 5, result: { serverInfo: { name: 'impostor' } } });
    await fromServer({ jsonrpc: '2.0', id: 0, result: { serverInfo: { name: 'files', version: '1' } } });
    expect(seen).toEqual(['files']);
  });
});

describe('mcp-proxy gateway: tools/call waits for the gate', () => {
  it('allowed: the very request the client sent reaches the server, and its answer the client', async () => {
    const asked: HeldCall[] = [];
    const { atClient, atServer, fromClient, fromServer } = await setUp(async (held) => {
      asked.push(held);
      return { run: true, arguments: held.arguments };
    });
    const request = call(3, 'write_file', { path: 'a', content: 'b' }, { progressToken: 'p' });
    await fromClient(request);
    expect(asked).toEqual([{ tool: 'write_file', arguments: { path: 'a', content: 'b' } }]);
    expect(atServer).toEqual([request]);
    const answer: JSONRPCMessage = {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [], structuredContent: { n: 1 } },
    };
    await fromServer(answer);
    expect(atClient).toEqual([answer]);
  });

  it('no arguments is an empty input', async () => {
    const asked: HeldCall[] = [];
    const { fromClient } = await setUp(async (held) => {
      asked.push(held);
      return { run: false, reason: 'no' };
    });
    await fromClient(call(1, 'list_allowed_directories'));
    expect(asked).toEqual([{ tool: 'list_allowed_directories', arguments: {} }]);
  });

  it('refused: an error result with the reason, and the server never sees the call', async () => {
    const { atClient, atServer, fromClient } = await setUp(async () => ({
      run: false,
      reason: 'Denied: rule',
    }));
    await fromClient(call(4, 'write_file', { path: 'a' }));
    expect(atServer).toEqual([]);
    expect(atClient).toEqual([
      { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'Denied: rule' }], isError: true } },
    ]);
  });

  it('a gate that throws refuses the call (fail closed)', async () => {
    const { atClient, atServer, fromClient } = await setUp(async () => {
      throw new Error('relay unreachable at http://127.0.0.1:1');
    });
    await fromClient(call(5, 'read_text_file', { path: 'a' }));
    expect(atServer).toEqual([]);
    expect(atClient).toMatchObject([{ id: 5, result: { isError: true } }]);
    expect(JSON.stringify(atClient[0])).toContain('relay unreachable');
  });

  it('approved with edited arguments: the server gets the edited call, the rest of the request kept', async () => {
    const { atServer, fromClient } = await setUp(async () => ({ run: true, arguments: { path: 'safe' } }));
    await fromClient(call(6, 'write_file', { path: '~/.bashrc' }, { progressToken: 9 }));
    expect(atServer).toEqual([call(6, 'write_file', { path: 'safe' }, { progressToken: 9 })]);
  });

  it.each([
    ['no name', call(1, undefined, {})],
    ['a name that is not a string', call(1, { toString: 'x' }, {})],
    ['arguments that are a list', call(1, 'write_file', ['a'])],
    ['arguments that are a string', call(1, 'write_file', 'path=a')],
    ['arguments that are null', call(1, 'write_file', null)],
  ])('malformed (%s): an error, never forwarded, the gate not asked', async (_, request) => {
    const { atClient, atServer, fromClient } = await setUp(never);
    await fromClient(request);
    expect(atServer).toEqual([]);
    expect(atClient).toMatchObject([{ id: 1, error: { code: -32602 } }]);
  });

  it('a second call with the id of one still open is refused, and the first is unaffected', async () => {
    const decision = deferred<{ run: true; arguments: Record<string, unknown> }>();
    const { atClient, atServer, fromClient } = await setUp(() => decision.promise);
    await fromClient(call(1, 'write_file', { path: 'a' }));
    await fromClient(call(1, 'write_file', { path: 'b' }));
    expect(atClient).toMatchObject([{ id: 1, error: { code: -32600 } }]);
    decision.resolve({ run: true, arguments: { path: 'a' } });
    await tick();
    expect(atServer).toEqual([call(1, 'write_file', { path: 'a' })]);
  });

  it('with a progress token: progress notifications with increasing progress while held, then the answer', async () => {
    const { atClient, fromClient } = await setUp(async (_, context) => {
      context.progress?.('waiting 0s');
      context.progress?.('waiting 5s');
      return { run: false, reason: 'no' };
    });
    await fromClient(call(2, 'wipe', {}, { progressToken: 'tok' }));
    expect(atClient).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 1, message: 'waiting 0s' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 2, message: 'waiting 5s' },
      },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'no' }], isError: true } },
    ]);
  });

  it('without a progress token the gate gets no progress callback', async () => {
    const contexts: GateContext[] = [];
    const { fromClient } = await setUp(async (_, context) => {
      contexts.push(context);
      return { run: false, reason: 'no' };
    });
    await fromClient(call(2, 'wipe', {}));
    expect(contexts[0]?.progress).toBeUndefined();
  });
});

describe('mcp-proxy gateway: cancellation', () => {
  it('cancelling a held call aborts the gate, forwards nothing and answers nothing, even if the gate then allows', async () => {
    const decision = deferred<{ run: true; arguments: Record<string, unknown> }>();
    const signals: AbortSignal[] = [];
    const { atClient, atServer, fromClient } = await setUp((_, context) => {
      signals.push(context.signal);
      return decision.promise;
    });
    await fromClient(call('c', 'write_file', { path: 'a' }, { progressToken: 1 }));
    await fromClient({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'c', reason: 'user' },
    });
    expect(signals[0]?.aborted).toBe(true);
    decision.resolve({ run: true, arguments: { path: 'a' } });
    await tick();
    expect(atServer).toEqual([]);
    expect(atClient).toEqual([]);
  });

  it('a cancel for a call already forwarded goes on to the server unchanged', async () => {
    const { atServer, fromClient } = await setUp(allow);
    await fromClient(call(1, 'read_text_file', { path: 'a' }));
    const cancel: JSONRPCMessage = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1 },
    };
    await fromClient(cancel);
    expect(atServer).toEqual([call(1, 'read_text_file', { path: 'a' }), cancel]);
  });

  it('a cancel names its request by exact id: "1" does not withdraw 1', async () => {
    const signals: AbortSignal[] = [];
    const { fromClient } = await setUp((_, context) => {
      signals.push(context.signal);
      return new Promise(() => {});
    });
    await fromClient(call(1, 'write_file', {}));
    await fromClient({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '1' } });
    expect(signals[0]?.aborted).toBe(false);
  });
});

describe('mcp-proxy gateway: the wrapped server goes away', () => {
  it('every request it owed and every held call gets an error; held questions are withdrawn; the gateway ends', async () => {
    const signals: AbortSignal[] = [];
    const { gateway, server, atClient, fromClient } = await setUp((held, context) => {
      if (held.tool === 'crash') return Promise.resolve({ run: true, arguments: held.arguments });
      signals.push(context.signal);
      return new Promise((_done, fail) =>
        context.signal.addEventListener('abort', () => fail(context.signal.reason)),
      );
    });
    await fromClient(call(1, 'crash', {}));
    await fromClient({ jsonrpc: '2.0', id: 2, method: 'resources/list' });
    await fromClient(call(3, 'write_file', {}));
    await server.close();
    await expect(gateway.done).resolves.toBe('server-exited');
    expect(signals[0]?.aborted).toBe(true);
    const errors = atClient.filter((message) => 'error' in message);
    expect(errors.map((message) => ('id' in message ? message.id : undefined)).sort()).toEqual([1, 2, 3]);
    expect(errors[0]).toMatchObject({ error: { code: -32000, message: expect.stringMatching(/stopped/) } });
  });

  it('requests already answered get nothing more', async () => {
    const { gateway, server, atClient, fromClient, fromServer } = await setUp(allow);
    await fromClient({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await fromServer({ jsonrpc: '2.0', id: 1, result: {} });
    await server.close();
    await gateway.done;
    expect(atClient).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('the client closing aborts held calls, waits for their withdrawal and stops the server', async () => {
    const withdrawn = vi.fn();
    const { gateway, server, fromClient } = await setUp(
      (_, context) =>
        new Promise((_done, fail) => {
          context.signal.addEventListener('abort', () => {
            withdrawn();
            fail(context.signal.reason);
          });
        }),
    );
    const serverClosed = vi.fn();
    server.onclose = serverClosed;
    await fromClient(call(1, 'write_file', {}));
    await gateway.close();
    await expect(gateway.done).resolves.toBe('client-closed');
    expect(withdrawn).toHaveBeenCalledOnce();
    expect(serverClosed).toHaveBeenCalled();
  });
});
