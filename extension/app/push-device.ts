import { z } from 'zod';
import { vaultDelete, vaultGet, vaultPut } from './vault-db.ts';

/**
 * This device's push subscription at the relay. POST /push/subscriptions answers with the id
 * the relay gave it; /app keeps that id (with the endpoint it belongs to) in IndexedDB, and
 * turning push off deletes exactly that id. Matching the relay's device list by the push
 * service's origin instead would also delete every other device of the same token on the same
 * service (every Chrome is on fcm.googleapis.com).
 */

export const KeptDevice = z.object({ id: z.string().min(1), endpoint: z.string().min(1) });
export type KeptDevice = z.infer<typeof KeptDevice>;

const SubscriptionCreated = z.object({ id: z.string().min(1) });

/** Where the kept device lives; IndexedDB in /app, a map in tests. */
export interface DeviceStore {
  read(): Promise<KeptDevice | null>;
  keep(device: KeptDevice): Promise<void>;
  forget(): Promise<void>;
}

/** The relay's API as the approver: `call('DELETE', '/push/subscriptions/…')`. */
export type RelayCall = (method: string, path: string, body?: unknown) => Promise<Response>;

/** What /app reads of the browser's PushSubscription. */
export interface BrowserSubscription {
  endpoint: string;
  toJSON(): unknown;
}

const deviceKey = 'gatehouse.push-device';

export const vaultDeviceStore: DeviceStore = {
  async read() {
    try {
      const text = await vaultGet(deviceKey);
      if (typeof text !== 'string') return null;
      const parsed = KeptDevice.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  async keep(device) {
    await vaultPut(deviceKey, JSON.stringify(device));
  },
  async forget() {
    await vaultDelete(deviceKey).catch(() => null);
  },
};

/** Gives the subscription to the relay and keeps the id it was given; throws when refused. */
export async function registerDevice(
  subscription: BrowserSubscription,
  label: string | undefined,
  call: RelayCall,
  store: DeviceStore,
): Promise<KeptDevice> {
  const response = await call('POST', '/push/subscriptions', {
    ...(subscription.toJSON() as object),
    ...(label === undefined ? {} : { label }),
  });
  if (!response.ok) throw new Error(`the relay refused the subscription (${response.status})`);
  const created = SubscriptionCreated.safeParse(await response.json().catch(() => null));
  if (!created.success) throw new Error('the relay answered the subscription without an id');
  const device = { id: created.data.id, endpoint: subscription.endpoint };
  await store.keep(device);
  return device;
}

export interface Unregistered {
  /** Ids the relay no longer has (deleted now, or already gone: 404). */
  removed: string[];
  /** Ids the relay could not be told about; it drops them when the push service answers 410. */
  failed: string[];
}

/**
 * Deletes this device's subscription at the relay by id, and nothing else of the token's. The
 * kept id when there is one; when there is none (push turned on before /app kept ids) or it
 * belongs to an older endpoint (the browser renewed the subscription), the current endpoint is
 * registered again, which gives back its id (the relay keeps one row per endpoint), and that id
 * is deleted too. The kept id is forgotten either way: the browser unsubscribes next.
 */
export async function unregisterDevice(
  subscription: BrowserSubscription | null,
  call: RelayCall,
  store: DeviceStore,
): Promise<Unregistered> {
  const kept = await store.read();
  const ids = new Set<string>();
  if (kept) ids.add(kept.id);
  if (subscription && kept?.endpoint !== subscription.endpoint) {
    try {
      ids.add((await registerDevice(subscription, undefined, call, store)).id);
    } catch {
      // Nothing to delete by id; the push service's 410 removes it at the next push.
    }
  }
  const result: Unregistered = { removed: [], failed: [] };
  for (const id of ids) {
    const response = await call('DELETE', `/push/subscriptions/${encodeURIComponent(id)}`).catch(() => null);
    (response && (response.ok || response.status === 404) ? result.removed : result.failed).push(id);
  }
  await store.forget();
  return result;
}
