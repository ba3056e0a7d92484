import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import ece from 'http_ece';

/**
 * A push service for tests, outside the product: a browser's subscription keys (a P-256 pair and
 * an auth secret, made as a browser makes them), a node http server on 127.0.0.1 that takes
 * pushes, checks their VAPID header as a push service does and decrypts them as the browser would.
 */

function toB64u(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A push service's check of `Authorization: vapid t=…, k=…`: signature, alg, aud, exp, sub. */
export function verifyVapid(header: string, endpoint: string, nowSeconds: number) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [, head, body, signature, k] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: toB64u(point.subarray(1, 33)), y: toB64u(point.subarray(33)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('signature does not verify');
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  if (jose.alg !== 'ES256') throw new Error('not ES256');
  if (claims.aud !== new URL(endpoint).origin) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 12 * 3600))
    throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { k, claims };
}

export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

export function decryptPush(body: Buffer, device: BrowserKeys): string {
  return ece
    .decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth })
    .toString();
}

export interface ReceivedPush {
  path: string;
  receivedAt: number;
  headers: IncomingMessage['headers'];
  /** The VAPID check's result, or why it failed. */
  vapid: { ok: true; k: string; claims: Record<string, unknown> } | { ok: false; error: string };
  body: Buffer;
  /** False while the service has not answered it (a hung push). */
  answered: boolean;
}

export interface PushService {
  origin: string;
  /** A new endpoint on this service (the path tells devices apart). */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** How the service answers pushes to `name`: a status, or `hang` (never answers). */
  answer(name: string, how: number | 'hang'): void;
  /** Resolves with the next push to `name` (or one already received and not yet taken). */
  next(name: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const taken = new Set<ReceivedPush>();
  const answers = new Map<string, number | 'hang'>();
  const waiting: { name: string; resolve: (push: ReceivedPush) => void }[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      let vapid: ReceivedPush['vapid'];
      try {
        vapid = {
          ok: true,
          ...verifyVapid(String(request.headers.authorization), origin + path, Date.now() / 1000),
        };
      } catch (error) {
        vapid = { ok: false, error: String(error) };
      }
      const push: ReceivedPush = {
        path,
        receivedAt: performance.now(),
        headers: request.headers,
        vapid,
        body: Buffer.concat(chunks),
        answered: false,
      };
      received.push(push);
      const name = path.slice(1);
      const waiter = waiting.findIndex((w) => w.name === name);
      if (waiter >= 0) {
        taken.add(push);
        waiting.splice(waiter, 1)[0]!.resolve(push);
      }
      const how = answers.get(name) ?? 201;
      if (how === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(vapid.ok ? how : 403).end();
      push.answered = true;
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/${name}`,
    received,
    answer: (name, how) => answers.set(name, how),
    next(name, timeoutMs = 10_000) {
      const ready = received.find((push) => push.path === `/${name}` && !taken.has(push));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${name} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          name,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
