import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP pass-through in front of the real relay, on a port that stays the same: tests cut every
 * connection (a dropped network), stop listening (relay unreachable) and listen again (it is back),
 * without restarting the relay itself.
 */
export interface TcpProxy {
  url: string;
  cutConnections(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(target: URL): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (address && typeof address === 'object') port = address.port;
        server = next;
        resolve();
      });
    });

  const cutConnections = () => {
    for (const socket of sockets) socket.destroy();
  };

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    cutConnections,
    stop: () =>
      new Promise<void>((resolve) => {
        cutConnections();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    start: listen,
  };
}
