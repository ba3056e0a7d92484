import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { createClient, type GatehouseClient } from '../../client/sdk/index.ts';
import { root, startLocalRelay } from './local-relay.ts';

/**
 * The real relay under wrangler with Web Push on: fresh VAPID keys, and subscriptions allowed to
 * point at http://127.0.0.1 (GATEHOUSE_PUSH_ALLOW_INSECURE=1) so a push service in the test can
 * take the pushes.
 */

export const pushAdminToken = 'e2e-push-admin-token-0123456789abcdef';

export interface PushRelay {
  url: string;
  vapidPublicKey: string;
  admin: GatehouseClient;
  agent: GatehouseClient;
  /** A fresh approver token (one per device, as pairing makes them). */
  approver(label: string): Promise<{ id: string; token: string; client: GatehouseClient }>;
  /** A call of the push API as `token`. */
  call(method: string, path: string, token: string | null, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export async function startPushRelay(options: { quiet?: boolean } = {}): Promise<PushRelay> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const persist = await mkdtemp(join(root, 'test/.tmp/push-'));
  const vapid = webpush.generateVAPIDKeys();
  const worker = await startLocalRelay({
    adminToken: pushAdminToken,
    persist,
    ...(options.quiet ? { quiet: true } : {}),
    vars: {
      GATEHOUSE_VAPID_PUBLIC_KEY: vapid.publicKey,
      GATEHOUSE_VAPID_PRIVATE_KEY: vapid.privateKey,
      GATEHOUSE_VAPID_SUBJECT: 'mailto:e2e@example.com',
      GATEHOUSE_PUSH_ALLOW_INSECURE: '1',
    },
  });
  const url = worker.url.origin;
  const admin = createClient({ url, token: pushAdminToken });
  const agentToken = (await admin.issueToken({ role: 'agent', label: 'e2e agent' })).token;
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    url,
    vapidPublicKey: vapid.publicKey,
    admin,
    agent: createClient({ url, token: agentToken }),
    async approver(label) {
      const issued = await admin.issueToken({ role: 'approver', label });
      return { id: issued.id, token: issued.token, client: createClient({ url, token: issued.token }) };
    },
    call,
    stop: async () => {
      await worker.dispose();
      await rm(persist, { recursive: true, force: true });
    },
  };
}
