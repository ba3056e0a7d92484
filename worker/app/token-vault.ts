import { PairResponse } from '../../shared/contract/index.ts';
import { pairingKey } from './pairing-store.ts';

/**
 * /app's approver token in IndexedDB, where the service worker can read it to answer from a
 * notification. A phone paired before keeps its pairing: the old localStorage entry is moved
 * here once and removed. The page reads and writes through a synchronous face (the
 * `Storage` subset direct-port.ts takes), kept in memory and written through to the database.
 */

const dbName = 'gatehouse';
const storeName = 'pairing';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(storeName, mode);
        const request = work(transaction.objectStore(storeName));
        transaction.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        transaction.onerror = () => {
          db.close();
          reject(transaction.error);
        };
      }),
  );
}

/** The stored pairing, checked against the contract; null when absent or damaged. */
export async function readStoredPairing(): Promise<PairResponse | null> {
  try {
    const text = await run<unknown>('readonly', (store) => store.get(pairingKey));
    if (typeof text !== 'string') return null;
    const parsed = PairResponse.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.token !== '' ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Opens the vault, moving a localStorage pairing into it first. */
export async function openTokenVault(legacy: Store | null): Promise<Store> {
  let text: string | null = null;
  try {
    const stored = await run<unknown>('readonly', (store) => store.get(pairingKey));
    text = typeof stored === 'string' ? stored : null;
  } catch {
    // No IndexedDB (a private window's policy): the old storage, as before.
    if (legacy) return legacy;
  }
  const old = (() => {
    try {
      return legacy?.getItem(pairingKey) ?? null;
    } catch {
      return null;
    }
  })();
  if (text === null && old !== null) {
    await run('readwrite', (store) => store.put(old, pairingKey));
    text = old;
  }
  if (old !== null)
    try {
      legacy?.removeItem(pairingKey);
    } catch {
      // Nothing to remove.
    }
  let current = text;
  return {
    getItem: (key) => (key === pairingKey ? current : null),
    setItem(key, value) {
      if (key !== pairingKey) return;
      current = value;
      void run('readwrite', (store) => store.put(value, pairingKey));
    },
    removeItem(key) {
      if (key !== pairingKey) return;
      current = null;
      void run('readwrite', (store) => store.delete(pairingKey));
    },
  };
}
