import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The common part of the fake model APIs: a loopback HTTP server that parses each JSON body,
// records it, and hands it to the fake's own route. Test-only; the product never sees it.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Route = (request: RecordedRequest, response: ServerResponse) => void;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeServer(route: Route): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const recorded: RecordedRequest = {
          method: request.method ?? 'GET',
          path: request.url ?? '/',
          headers: request.headers,
          body,
        };
        requests.push(recorded);
        try {
          route(recorded, response);
        } catch (error) {
          // A script that breaks shows up as a 500 the CLI reports, and in the test's own output.
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'fake_error', message: String(error) } }));
        }
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Writes one server-sent event per `[event, data]`, then ends the response. */
export function sendEvents(response: ServerResponse, events: Array<[string, unknown]>): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  for (const [event, data] of events) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  response.end();
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A scripted model API on `POST <path>` (any query): each request that takes a turn gets the
 * next turn of the script, and once it is spent the closing turn, so every run ends. A request
 * for which `sideTurn` gives a turn (a title, a summary) gets that one and leaves the script
 * alone. `answer` writes the turn as the API would (SSE or JSON); anything else is a 404.
 */
export interface ScriptedModel<Turn, Body> {
  path: string;
  script: Turn[];
  closingTurn: Turn;
  notFound(path: string): unknown;
  sideTurn?(body: Body): Turn | undefined;
  answer(response: ServerResponse, turn: Turn, body: Body, requestNumber: number): void;
}

export interface ScriptedServer extends FakeServer {
  /** The requests that took a turn of the script (the conversation), in order. */
  conversation(): RecordedRequest[];
}

export async function startScriptedModel<Turn, Body>(
  model: ScriptedModel<Turn, Body>,
): Promise<ScriptedServer> {
  const pending = [...model.script];
  const conversation: RecordedRequest[] = [];
  const server = await startFakeServer((request, response) => {
    const path = request.path.split('?')[0] ?? '/';
    if (request.method !== 'POST' || path !== model.path) {
      sendJson(response, 404, model.notFound(path));
      return;
    }
    const body = (request.body ?? {}) as Body;
    let turn = model.sideTurn?.(body);
    if (turn === undefined) {
      conversation.push(request);
      turn = pending.shift() ?? model.closingTurn;
    }
    model.answer(response, turn, body, server.requests.length);
  });
  return { ...server, conversation: () => [...conversation] };
}

/**
 * What the CLI sent back for the scripted calls, read from the conversation: `pick` finds each
 * answer in one request body as `[id, answer]`; the first answer for an id counts (later requests
 * repeat the history). `find` throws with the ids there are, so a failing test says what came.
 */
export function answersOf<Answer>(
  conversation: () => RecordedRequest[],
  pick: (body: unknown) => Iterable<[string, Answer]>,
): { all(): Answer[]; find(id: string): Answer } {
  const all = () => {
    const seen = new Map<string, Answer>();
    for (const request of conversation())
      for (const [id, answer] of pick(request.body)) if (!seen.has(id)) seen.set(id, answer);
    return seen;
  };
  return {
    all: () => [...all().values()],
    find: (id) => {
      const answers = all();
      const found = answers.get(id);
      if (found === undefined)
        throw new Error(`no answer for ${id}; got ${JSON.stringify([...answers.keys()])}`);
      return found;
    },
  };
}

/** Text parts (`[{ text }, …]`) or a string, flattened to text; anything else as JSON. */
export const flattenText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
      : content === undefined || content === null
        ? ''
        : JSON.stringify(content);
