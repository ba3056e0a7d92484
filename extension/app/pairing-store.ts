import { PairResponse } from '../../shared/contract/index.ts';

/**
 * Where /app keeps its approver token: this origin's localStorage, one key. Nothing else ever
 * sees it — /app talks only to the relay that served it — and what is read back is checked
 * against the contract, so a damaged entry reads as "not paired" rather than as a token.
 */

export const pairingKey = 'gatehouse.approver';

export type StoredPairing = PairResponse;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readPairing(storage: Store): StoredPairing | null {
  let text: string | null;
  try {
    text = storage.getItem(pairingKey);
  } catch {
    // Storage switched off (a private window's policy): simply not paired.
    return null;
  }
  if (!text) return null;
  try {
    const parsed = PairResponse.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.token !== '' ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the pairing; false when the browser refuses to store it (then it lasts this page only). */
export function savePairing(storage: Store, pairing: StoredPairing): boolean {
  try {
    storage.setItem(pairingKey, JSON.stringify({ token: pairing.token, workspaceId: pairing.workspaceId }));
    return true;
  } catch {
    return false;
  }
}

export function forgetPairing(storage: Store): void {
  try {
    storage.removeItem(pairingKey);
  } catch {
    // Nothing was stored.
  }
}
