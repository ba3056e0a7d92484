import { PairResponse } from '../../shared/contract/index.ts';
import { pairingKey } from './pairing-store.ts';
import { vaultDelete, vaultGet, vaultPut } from './vault-db.ts';

/**
 * /app's approver token in IndexedDB, where the service worker can read it to answer from a
 * notification. A phone paired before keeps its pairing: the old localStorage entry is moved
 * here once and removed. The page reads and writes through a synchronous face (the
 * `Storage` subset direct-port.ts takes), kept in memory and written through to the database.
 */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored pairing, checked against the contract; null when absent or damaged. */
export async function readStoredPairing(): Promise<PairResponse | null> {
  try {
    const text = await vaultGet(pairingKey);
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
    const stored = await vaultGet(pairingKey);
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
    await vaultPut(pairingKey, old);
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
      void vaultPut(pairingKey, value);
    },
    removeItem(key) {
      if (key !== pairingKey) return;
      current = null;
      void vaultDelete(pairingKey);
    },
  };
}
