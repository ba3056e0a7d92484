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
