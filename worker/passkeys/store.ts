import { type PasskeyEntry, PasskeyPublicKey } from '../../shared/contract/index.ts';

export interface PasskeyRow {
  id: string;
  name: string;
  /** The COSE public key, base64url, as the WebAuthn library verifies with. */
  public_key: string;
  /** The same key as a JWK, which agents pin. */
  jwk: string;
  counter: number;
  transports: string | null;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
}

/** What a ceremony challenge was issued for. */
export type ChallengePurpose = 'register' | 'manage';

type Row = Record<string, SqlStorageValue>;

/**
 * The passkey tables of the WorkspaceDO (schema in worker/workspace/schema.ts). Every value is a
 * bound parameter; no SQL is assembled from input.
 */
export class PasskeyStore {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  #rows<T>(query: string, ...values: SqlStorageValue[]): T[] {
    return this.#sql.exec<Row>(query, ...values).toArray() as T[];
  }

  list(): PasskeyRow[] {
    return this.#rows<PasskeyRow>('SELECT * FROM passkeys ORDER BY created_at, id');
  }

  count(): number {
    return this.#rows<{ n: number }>('SELECT COUNT(*) AS n FROM passkeys')[0]?.n ?? 0;
  }

  get(id: string): PasskeyRow | null {
    return this.#rows<PasskeyRow>('SELECT * FROM passkeys WHERE id = ?', id)[0] ?? null;
  }

  insert(row: PasskeyRow): boolean {
    return (
      this.#sql.exec(
        `INSERT INTO passkeys (id, name, public_key, jwk, counter, transports, created_by, created_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        row.id,
        row.name,
        row.public_key,
        row.jwk,
        row.counter,
        row.transports,
        row.created_by,
        row.created_at,
        row.last_used_at,
      ).rowsWritten > 0
    );
  }

  rename(id: string, name: string): boolean {
    return this.#sql.exec('UPDATE passkeys SET name = ? WHERE id = ?', name, id).rowsWritten > 0;
  }

  remove(id: string): boolean {
    return this.#sql.exec('DELETE FROM passkeys WHERE id = ?', id).rowsWritten > 0;
  }

  /** Records a verified use; the counter only moves forward (the library refused a step back). */
  used(id: string, counter: number, now: number): void {
    this.#sql.exec(
      'UPDATE passkeys SET counter = MAX(counter, ?), last_used_at = ? WHERE id = ?',
      counter,
      now,
      id,
    );
  }

  addChallenge(challenge: string, tokenId: string, purpose: ChallengePurpose, expiresAt: number): void {
    this.#sql.exec(
      'INSERT INTO passkey_challenges (challenge, token_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
      challenge,
      tokenId,
      purpose,
      expiresAt,
    );
  }

  /**
   * Spends a challenge issued to `tokenId` for `purpose`, unexpired: true once, false ever after.
   * Deleted before the caller's await, so two concurrent ceremonies cannot both use it.
   */
  takeChallenge(challenge: string, tokenId: string, purpose: ChallengePurpose, now: number): boolean {
    this.#sql.exec('DELETE FROM passkey_challenges WHERE expires_at <= ?', now);
    return (
      this.#sql.exec(
        'DELETE FROM passkey_challenges WHERE challenge = ? AND token_id = ? AND purpose = ?',
        challenge,
        tokenId,
        purpose,
      ).rowsWritten > 0
    );
  }

  addPairedOrigin(origin: string, tokenId: string, now: number): void {
    this.#sql.exec(
      'INSERT INTO paired_origins (origin, token_id, created_at) VALUES (?, ?, ?) ON CONFLICT (origin) DO NOTHING',
      origin,
      tokenId,
      now,
    );
  }

  pairedOrigins(): string[] {
    return this.#rows<{ origin: string }>('SELECT origin FROM paired_origins ORDER BY origin').map(
      (row) => row.origin,
    );
  }
}

/** A row as `GET /passkeys` lists it. */
export const passkeyEntry = (row: PasskeyRow): PasskeyEntry => ({
  id: row.id,
  name: row.name,
  publicKey: PasskeyPublicKey.parse(JSON.parse(row.jwk)),
});
