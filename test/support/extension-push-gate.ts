import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP pass-through in front of the relay that can hold back what the relay pushes down inbox
 * WebSockets, while every other request (answers, pairing, tickets) still goes through. With
 * pushes held, an approver's screen still shows a request someone else has just answered — the
 * only way to make the "stale card → 409" path happen on purpose rather than by a lost race.
 *
 * A connection counts as a WebSocket when its first bytes from the browser are an HTTP request
 * carrying `Upgrade: websocket`. Held bytes are delivered, in order, on `release()`.
 */
export interface PushGate {
  url: string;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startPushGate(target: URL): Promise<PushGate> {
  const sockets = new Set<Socket>();
  /** Inbox sockets toward the browser, with what the relay sent while held. */
  const inboxes = new Map<Socket, Buffer[]>();
  let holding = false;

  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    let inbox = false;
    client.once('data', (first: Buffer) => {
      inbox = /^upgrade:\s*websocket/im.test(first.toString('latin1'));
      if (inbox) inboxes.set(client, []);
    });
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const held = inboxes.get(client);
      if (inbox && holding && held) held.push(chunk);
      else client.write(chunk);
    });
    client.on('close', () => {
      inboxes.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('push gate has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const [client, held] of inboxes) {
        for (const chunk of held.splice(0)) client.write(chunk);
      }
    },
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
