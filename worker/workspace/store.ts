import type { GrantRecord, Role } from '../../shared/contract/index.ts';
import { migrations } from './schema.ts';

export interface TokenRow {
  id: string;
  role: Role;
  label: string | null;
  hash: string;
  created_at: number;
  revoked_at: number | null;
}

export interface PairingCodeRow {
  hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  created_by: string;
}

export interface TicketRow {
  id: string;
  hash: string;
  token_id: string;
  role: Role;
  expires_at: number;
}

export interface GrantRow {
  id: string;
  key: string;
  tool: string;
  input: string;
  session_id: string;
  interaction_id: string;
  approved_by: string | null;
  created_at: number;
  kind?: string;
  rule?: string | null;
  expires_at?: number | null;
  actor?: string | null;
}

export interface SessionRow {
  session_id: string;
  view: string;
  pending: number;
  updated_at: number;
}

type Row = Record<string, SqlStorageValue>;

/**
 * The module that touches the WorkspaceDO's storage (Web Push keeps its own tables in
 * worker/push/store.ts). Every value is a bound parameter;
 * no SQL is ever assembled from input.
 */
export class WorkspaceStore {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  #rows<T>(query: string, ...values: SqlStorageValue[]): T[] {
    return this.#sql.exec<Row>(query, ...values).toArray() as T[];
  }

  #first<T>(query: string, ...values: SqlStorageValue[]): T | null {
    return (this.#rows<T>(query, ...values)[0] as T | undefined) ?? null;
  }

  #write(query: string, ...values: SqlStorageValue[]): number {
    return this.#sql.exec(query, ...values).rowsWritten;
  }

  /** Brings the schema up to date; synchronous, so it runs atomically inside the DO. */
  migrate(): void {
    this.#sql.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const current = this.#first<{ version: number }>('SELECT version FROM schema_version')?.version ?? 0;
    if (current === 0) this.#sql.exec('INSERT INTO schema_version (version) VALUES (0)');
    for (let version = current; version < migrations.length; version++) {
      this.#sql.exec(migrations[version]!);
      this.#sql.exec('UPDATE schema_version SET version = ?', version + 1);
    }
  }

  schemaVersion(): number {
    return this.#first<{ version: number }>('SELECT version FROM schema_version')?.version ?? 0;
  }

  // settings

  getSetting(key: string): string | null {
    return this.#first<{ value: string }>('SELECT value FROM settings WHERE key = ?', key)?.value ?? null;
  }

  setSetting(key: string, value: string): void {
    this.#write(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  // tokens

  insertToken(row: TokenRow): void {
    this.#write(
      'INSERT INTO tokens (id, role, label, hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
      row.id,
      row.role,
      row.label,
      row.hash,
      row.created_at,
      row.revoked_at,
    );
  }

  getToken(id: string): TokenRow | null {
    return this.#first<TokenRow>('SELECT * FROM tokens WHERE id = ?', id);
  }

  listTokens(): TokenRow[] {
    return this.#rows<TokenRow>('SELECT * FROM tokens ORDER BY created_at, id');
  }

  /** Marks a token revoked (keeping the first revocation time); false when there is no such token. */
  revokeToken(id: string, now: number): boolean {
    return this.#write('UPDATE tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?', now, id) > 0;
  }

  // pairing codes

  insertPairingCode(row: PairingCodeRow): void {
    this.#write(
      'INSERT INTO pairing_codes (hash, created_at, expires_at, used_at, created_by) VALUES (?, ?, ?, ?, ?)',
      row.hash,
      row.created_at,
      row.expires_at,
      row.used_at,
      row.created_by,
    );
  }

  getPairingCode(hash: string): PairingCodeRow | null {
    return this.#first<PairingCodeRow>('SELECT * FROM pairing_codes WHERE hash = ?', hash);
  }

  /** Claims a code once: true only for the call that marked it used. */
  usePairingCode(hash: string, now: number): boolean {
    return (
      this.#write('UPDATE pairing_codes SET used_at = ? WHERE hash = ? AND used_at IS NULL', now, hash) > 0
    );
  }

  /** Forgets codes expired more than a day ago (kept that long so late tries still hear "expired"). */
  prunePairingCodes(before: number): void {
    this.#write('DELETE FROM pairing_codes WHERE expires_at < ?', before);
  }

  // WebSocket tickets

  insertTicket(row: TicketRow): void {
    this.#write(
      'INSERT INTO tickets (id, hash, token_id, role, expires_at) VALUES (?, ?, ?, ?, ?)',
      row.id,
      row.hash,
      row.token_id,
      row.role,
      row.expires_at,
    );
  }

  /** Removes and returns a ticket: a ticket is spent by the first attempt to use it, right or wrong. */
  takeTicket(id: string): TicketRow | null {
    const row = this.#first<TicketRow>('SELECT * FROM tickets WHERE id = ?', id);
    if (row) this.#write('DELETE FROM tickets WHERE id = ?', id);
    return row;
  }

  deleteTicketsOf(tokenId: string): void {
    this.#write('DELETE FROM tickets WHERE token_id = ?', tokenId);
  }

  pruneTickets(now: number): void {
    this.#write('DELETE FROM tickets WHERE expires_at < ?', now);
  }

  // global grants

  /**
   * False when a grant for the same key already exists with the same time box (a delivery
   * retried, or the same answer twice: kept as it was). A new time box for the same call or
   * rule replaces the earlier grant: the latest answer stands.
   */
  insertGrant(row: GrantRow): boolean {
    return (
      this.#write(
        `INSERT INTO grants (id, key, tool, input, session_id, interaction_id, approved_by, actor, created_at, kind, rule, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET tool = excluded.tool, input = excluded.input,
           session_id = excluded.session_id, interaction_id = excluded.interaction_id,
           approved_by = excluded.approved_by, actor = excluded.actor, created_at = excluded.created_at,
           kind = excluded.kind, rule = excluded.rule, expires_at = excluded.expires_at
         WHERE grants.expires_at IS NOT excluded.expires_at`,
        row.id,
        row.key,
        row.tool,
        row.input,
        row.session_id,
        row.interaction_id,
        row.approved_by,
        row.actor ?? null,
        row.created_at,
        row.kind ?? 'call',
        row.rule ?? null,
        row.expires_at ?? null,
      ) > 0
    );
  }

  listGrants(): GrantRow[] {
    return this.#rows<GrantRow>('SELECT * FROM grants ORDER BY created_at, id');
  }

  /** Every grant as the engine reads it (shared/grants `compileGrants`). */
  grantRecords(): GrantRecord[] {
    return this.#rows<GrantRow>('SELECT * FROM grants ORDER BY created_at, id').map((row) => ({
      id: row.id,
      kind: row.kind === 'rule' ? 'rule' : 'call',
      key: row.key,
      rule: row.rule ?? null,
      scope: 'global',
      expiresAt: row.expires_at ?? null,
      actor: row.actor == null ? null : (JSON.parse(row.actor) as GrantRecord['actor']),
    }));
  }

  deleteGrant(id: string): boolean {
    return this.#write('DELETE FROM grants WHERE id = ?', id) > 0;
  }

  // sessions index

  getSession(sessionId: string): SessionRow | null {
    return this.#first<SessionRow>('SELECT * FROM sessions WHERE session_id = ?', sessionId);
  }

  upsertSession(row: SessionRow): void {
    this.#write(
      `INSERT INTO sessions (session_id, view, pending, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET view = excluded.view, pending = excluded.pending,
         updated_at = excluded.updated_at`,
      row.session_id,
      row.view,
      row.pending,
      row.updated_at,
    );
  }

  pendingSessions(): SessionRow[] {
    return this.#rows<SessionRow>('SELECT * FROM sessions WHERE pending = 1');
  }

  recentSessions(limit: number): SessionRow[] {
    return this.#rows<SessionRow>(
      'SELECT * FROM sessions ORDER BY updated_at DESC, session_id LIMIT ?',
      limit,
    );
  }

  // rate limits

  /**
   * Counts one hit in the fixed window starting at `windowStart` and returns the hits in it so
   * far (this one included). A new window resets the count.
   */
  hit(key: string, windowStart: number): number {
    const row = this.#first<{ count: number }>(
      `INSERT INTO rate_windows (key, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
      key,
      windowStart,
    );
    return row?.count ?? 1;
  }

  /** Forgets windows that ended before `before`. */
  pruneRateWindows(before: number): void {
    this.#write('DELETE FROM rate_windows WHERE window_start < ?', before);
  }
}
