/**
 * /app's IndexedDB database, where the page and its service worker keep what belongs to this
 * device: the approver pairing (token-vault.ts) and the id the relay gave this device's push
 * subscription (push-device.ts). One object store, one key each; version 1 stays, so a phone's
 * database from before opens unchanged.
 */

const dbName = 'gatehouse';
const storeName = 'pairing';

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

export const vaultGet = (key: string): Promise<unknown> =>
  run<unknown>('readonly', (store) => store.get(key));
export const vaultPut = (key: string, value: string): Promise<unknown> =>
  run('readwrite', (store) => store.put(value, key));
export const vaultDelete = (key: string): Promise<unknown> => run('readwrite', (store) => store.delete(key));
