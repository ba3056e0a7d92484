import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { unavailableText } from '../../../shared/answers/index.ts';

/** A `tools/call` as the client sent it: the MCP tool's name and its arguments. */
export interface HeldCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What the gate says about a held call: run it (with these arguments) or refuse it with a reason. */
export type Verdict = { run: true; arguments: Record<string, unknown> } | { run: false; reason: string };

export interface GateContext {
  /** Aborted when the client cancels the call or the gateway shuts down: withdraw the question. */
  signal: AbortSignal;
  /** Present when the client asked for progress (`_meta.progressToken`): say what is being waited for. */
  progress?: (message: string) => void;
}

export type Gate = (call: HeldCall, context: GateContext) => Promise<Verdict>;

export interface GatewayOptions {
  /** Towards the MCP client (the gateway is its server). */
  client: Transport;
  /** Towards the wrapped MCP server (the gateway is its client). */
  server: Transport;
  gate: Gate;
  /** The wrapped server's `serverInfo`, from its answer to `initialize`. */
  onServerInfo?: (info: { name?: unknown }) => void;
}

/** Why the gateway stopped: the client went away, or the wrapped server did. */
export type GatewayEnd = 'client-closed' | 'server-exited';

// JSON-RPC error codes: the SDK's "connection closed", and the standard ones for a bad request.
const connectionClosed = -32000;
const invalidRequest = -32600;
const invalidParams = -32602;
/** How long a stopping gateway waits for its open questions to be withdrawn. */
const withdrawalGraceMs = 5000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest =>
  'method' in message && 'id' in message;

/** A response (result or error) carries an id and no method. */
const responseId = (message: JSONRPCMessage): RequestId | undefined =>
  !('method' in message) && 'id' in message ? message.id : undefined;

/**
 * A transparent relay between an MCP client and one MCP server: every message passes unchanged,
 * ids included, in both directions — except a `tools/call` from the client, which is held until
 * the gate decides it. A refused call is answered here and never reaches the server. If the
 * server goes away, every request it still owed an answer gets an error, so no client hangs.
 */
export function createGateway(options: GatewayOptions) {
  const { client, server, gate } = options;
  /** tools/call requests being decided, by request id. */
  const held = new Map<RequestId, { abort: AbortController; settled: Promise<void> }>();
  /** Client requests the server has been sent and not yet answered, by request id. */
  const forwarded = new Set<RequestId>();
  let initializeId: RequestId | undefined;
  let ended: GatewayEnd | undefined;
  let finish: (end: GatewayEnd) => void = () => {};
  const done = new Promise<GatewayEnd>((resolve) => {
    finish = resolve;
  });

  const toClient = (message: JSONRPCMessage) => client.send(message).catch(() => undefined);
  const errorToClient = (id: RequestId, code: number, message: string) =>
    toClient({ jsonrpc: '2.0', id, error: { code, message } });

  async function decideAndForward(request: JSONRPCRequest, call: HeldCall, abort: AbortController) {
    const progressToken = request.params?._meta?.progressToken;
    let progressCount = 0;
    const stillHeld = () => held.get(request.id)?.abort === abort && !abort.signal.aborted;
    const progress =
      progressToken === undefined
        ? undefined
        : (message: string) => {
            // MCP requires progress to increase with every notification.
            if (stillHeld())
              void toClient({
                jsonrpc: '2.0',
                method: 'notifications/progress',
                params: { progressToken, progress: ++progressCount, message },
              });
          };
    let verdict: Verdict;
    try {
      verdict = await gate(call, { signal: abort.signal, ...(progress ? { progress } : {}) });
    } catch (error) {
      verdict = {
        run: false,
        reason: unavailableText(error instanceof Error ? error.message : String(error)),
      };
    }
    // Cancelled by the client (no answer is due) or already answered because the server went away.
    if (!stillHeld()) return;
    held.delete(request.id);
    if (!verdict.run) {
      await toClient({
        jsonrpc: '2.0',
        id: request.id,
        result: { content: [{ type: 'text', text: verdict.reason }], isError: true },
      });
      return;
    }
    // The call as approved: the client's own request, unless the approver edited its arguments.
    const approved =
      verdict.arguments === call.arguments
        ? request
        : { ...request, params: { ...request.params, arguments: verdict.arguments } };
    forwarded.add(request.id);
    await server.send(approved).catch(async (error: unknown) => {
      forwarded.delete(request.id);
      await errorToClient(
        request.id,
        connectionClosed,
        `the MCP server could not be sent the call: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  function hold(request: JSONRPCRequest) {
    if (held.has(request.id) || forwarded.has(request.id)) {
      void errorToClient(request.id, invalidRequest, 'a request with this id is still open');
      return;
    }
    const name = request.params?.name;
    const args = request.params?.arguments === undefined ? {} : request.params.arguments;
    if (typeof name !== 'string' || !isObject(args)) {
      // Malformed: nothing to decide, so nothing is forwarded.
      void errorToClient(request.id, invalidParams, 'tools/call needs a tool name and an arguments object');
      return;
    }
    const abort = new AbortController();
    const entry = { abort, settled: Promise.resolve() };
    held.set(request.id, entry);
    entry.settled = decideAndForward(request, { tool: name, arguments: args }, abort);
  }

  function fromClient(message: JSONRPCMessage) {
    if (ended) return;
    if (isRequest(message)) {
      if (message.method === 'tools/call') return hold(message);
      if (message.method === 'initialize') initializeId = message.id;
      forwarded.add(message.id);
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      const requestId = message.params?.requestId;
      const entry = requestId === undefined ? undefined : held.get(requestId as RequestId);
      if (entry) {
        // The server never heard of this call: withdraw the question, tell the server nothing,
        // and send no answer (a cancelled request gets none).
        held.delete(requestId as RequestId);
        entry.abort.abort(new Error('cancelled by the client'));
        return;
      }
    }
    void server.send(message).catch(() => undefined);
  }

  function fromServer(message: JSONRPCMessage) {
    const id = responseId(message);
    if (id !== undefined) {
      forwarded.delete(id);
      if (id === initializeId && 'result' in message && isObject(message.result.serverInfo))
        options.onServerInfo?.(message.result.serverInfo);
    }
    void toClient(message);
  }

  async function end(why: GatewayEnd) {
    if (ended) return;
    ended = why;
    const settling = [...held.values()];
    for (const entry of settling) entry.abort.abort(new Error('the gateway is stopping'));
    if (why === 'server-exited') {
      const reason = 'the MCP server stopped before answering';
      const owed = [...forwarded, ...held.keys()];
      forwarded.clear();
      held.clear();
      await Promise.all(owed.map((id) => errorToClient(id, connectionClosed, reason)));
    }
    held.clear();
    // Questions are withdrawn before the process goes, so none lingers in an approver's inbox;
    // a relay that does not answer the withdrawal does not keep the gateway alive.
    await Promise.race([
      Promise.allSettled(settling.map((entry) => entry.settled)),
      new Promise((done) => setTimeout(done, withdrawalGraceMs).unref()),
    ]);
    await Promise.allSettled([server.close(), client.close()]);
    finish(why);
  }

  return {
    /** Starts both sides, the server first so nothing the client sends is lost. */
    async start() {
      server.onmessage = fromServer;
      server.onclose = () => void end('server-exited');
      client.onmessage = fromClient;
      client.onclose = () => void end('client-closed');
      await server.start();
      await client.start();
    },
    /** The client has gone (stdin closed, a signal): withdraw open questions and stop the server. */
    close: () => end('client-closed'),
    /** Resolves once the gateway has stopped, with why. */
    done,
  };
}
