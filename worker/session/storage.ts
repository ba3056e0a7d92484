import type {
  PromptRef,
  SessionEvent,
  SessionEventName,
  SessionEventValue,
  SessionOwner,
} from '../../shared/contract/index.ts';
import type { GlobalGrantRequest } from '../rpc.ts';
import {
  type GrantRecord,
  type InteractionRecord,
  type InteractionStateName,
  noAuthority,
  type SessionMeta,
  type ToolCallRecord,
  type ToolCallResult,
} from './records.ts';
import { migrations } from './schema.ts';

type Row = Record<string, SqlStorageValue>;

const json = (value: unknown) => JSON.stringify(value ?? null);
const parse = <T>(text: SqlStorageValue): T => JSON.parse(String(text)) as T;
const parseOrNull = <T>(text: SqlStorageValue): T | null => (text === null ? null : parse<T>(text));
const str = (value: SqlStorageValue) => (value === null ? null : String(value));
const num = (value: SqlStorageValue) => (value === null ? null : Number(value));

function metaFrom(row: Row): SessionMeta {
  return {
    workspaceId: String(row.workspace_id),
    sessionId: String(row.session_id),
    title: str(row.title ?? null),
    agent: str(row.agent ?? null),
    mode: String(row.mode),
    engineMode: String(row.engine_mode) as SessionMeta['engineMode'],
    modes: parse(row.modes ?? '[]'),
    permissions: parseOrNull(row.permissions ?? null),
    authority: { ...noAuthority(), ...parseOrNull<object>(row.authority ?? null) },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toolCallFrom(row: Row): ToolCallRecord {
  return {
    id: String(row.id),
    tool: String(row.tool),
    input: parse(row.input ?? 'null'),
    approvalKey: String(row.approval_key),
    capability: str(row.capability ?? null) as ToolCallRecord['capability'],
    cwd: str(row.cwd ?? null),
    decision: parse(row.decision ?? 'null'),
    interactionId: str(row.interaction_id ?? null),
    resolution: parseOrNull(row.resolution ?? null),
    result: parseOrNull(row.result ?? null),
    createdAt: Number(row.created_at),
    offer: parseOrNull(row.offer ?? null),
    promptId: str(row.prompt_id ?? null),
    issuer: str(row.issuer ?? null),
    attestation: str(row.attestation ?? null),
  };
}

function interactionFrom(row: Row): InteractionRecord {
  return {
    seq: Number(row.seq),
    id: String(row.id),
    toolCallId: String(row.tool_call_id),
    state: String(row.state) as InteractionStateName,
    timeoutSeconds: Number(row.timeout_seconds),
    createdAt: Number(row.created_at),
    activatedAt: num(row.activated_at ?? null),
    expiresAt: num(row.expires_at ?? null),
    resolvedAt: num(row.resolved_at ?? null),
    resolution: parseOrNull(row.resolution ?? null),
  };
}

function eventFrom(row: Row): SessionEvent {
  return {
    seq: Number(row.seq),
    ts: String(row.ts),
    name: String(row.name),
    value: parse(row.value ?? 'null'),
  } as SessionEvent;
}

/**
 * The one module that touches the SessionDO's storage (SQLite and the alarm). Every value goes
 * in as a bound parameter; every method but `setAlarm` is synchronous, so a caller can check
 * and write without an `await` in between — which is what makes "answered at most once" hold
 * under concurrent requests (the DO runs one synchronous turn at a time).
 */
export class SessionStore {
  readonly #storage: DurableObjectStorage;
  readonly #sql: SqlStorage;
  /**
   * The meta row as last read (`undefined`: not read yet). Every request reads it several times
   * and it changes rarely; only this class writes it, and a rolled-back transaction forgets it.
   */
  #meta: SessionMeta | null | undefined = undefined;
  /**
   * Inside a transaction, the JSON text of each object written so far: one change writes the
   * same decision or resolution to its row and to the log (a resolution three times), and
   * nothing is mutated within the synchronous transaction, so each is serialised once.
   */
  #texts: WeakMap<object, string> | null = null;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    this.#sql = storage.sql;
  }

  #rows(query: string, ...values: SqlStorageValue[]): Row[] {
    return this.#sql.exec<Row>(query, ...values).toArray();
  }

  #first(query: string, ...values: SqlStorageValue[]): Row | null {
    return this.#rows(query, ...values)[0] ?? null;
  }

  #run(query: string, ...values: SqlStorageValue[]): void {
    this.#sql.exec(query, ...values);
  }

  /** `JSON.stringify`, once per object within a transaction. */
  #json(value: unknown): string {
    if (this.#texts === null || typeof value !== 'object' || value === null) return json(value);
    let text = this.#texts.get(value);
    if (text === undefined) {
      text = json(value);
      this.#texts.set(value, text);
    }
    return text;
  }

  /** Brings the schema up to date; returns the version now in force. */
  migrate(): number {
    this.#run('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const current = Number(this.#first('SELECT max(version) AS version FROM schema_version')?.version ?? 0);
    for (let version = current + 1; version <= migrations.length; version++) {
      this.transaction(() => {
        this.#sql.exec(migrations[version - 1]!);
        this.#run('INSERT INTO schema_version (version) VALUES (?)', version);
      });
    }
    return migrations.length;
  }

  /** All-or-nothing: a throw inside rolls every write back. */
  transaction<T>(work: () => T): T {
    const outer = this.#texts === null;
    if (outer) this.#texts = new WeakMap();
    try {
      return this.#storage.transactionSync(work);
    } catch (error) {
      this.#meta = undefined;
      throw error;
    } finally {
      if (outer) this.#texts = null;
    }
  }

  // ── meta ────────────────────────────────────────────────────────────────────────────────

  /** The session's meta; callers treat it as read-only (it is shared until the next write). */
  meta(): SessionMeta | null {
    if (this.#meta === undefined) {
      const row = this.#first('SELECT * FROM meta WHERE id = 1');
      this.#meta = row ? metaFrom(row) : null;
    }
    return this.#meta;
  }

  saveMeta(meta: SessionMeta): void {
    this.#meta = undefined;
    this.#run(
      `INSERT INTO meta (id, workspace_id, session_id, title, agent, mode, engine_mode, modes, permissions, authority, created_at, updated_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET title = excluded.title, agent = excluded.agent, mode = excluded.mode,
         engine_mode = excluded.engine_mode, modes = excluded.modes, permissions = excluded.permissions,
         authority = excluded.authority, updated_at = excluded.updated_at`,
      meta.workspaceId,
      meta.sessionId,
      meta.title,
      meta.agent,
      meta.mode,
      meta.engineMode,
      json(meta.modes),
      meta.permissions === null ? null : json(meta.permissions),
      json(meta.authority),
      meta.createdAt,
      meta.updatedAt,
    );
  }

  /** The agent token the session belongs to; null when no agent token has touched it yet. */
  owner(): SessionOwner | null {
    const row = this.#first('SELECT owner_token_id, owner_label FROM meta WHERE id = 1');
    if (row?.owner_token_id === null || row?.owner_token_id === undefined) return null;
    return { tokenId: String(row.owner_token_id), label: str(row.owner_label ?? null) };
  }

  /**
   * Makes `owner` the session's owner if it has none; an owner, once set, never changes (a
   * declaration's `saveMeta` leaves these columns alone). Returns whether it was set now.
   */
  claimOwner(owner: SessionOwner): boolean {
    const claimed = this.#first(
      'UPDATE meta SET owner_token_id = ?, owner_label = ? WHERE id = 1 AND owner_token_id IS NULL RETURNING id',
      owner.tokenId,
      owner.label,
    );
    return claimed !== null;
  }

  touch(now: number): void {
    this.#meta = undefined;
    this.#run('UPDATE meta SET updated_at = ? WHERE id = 1', now);
  }

  /** When the agent said the session ended; null while it runs (or was resumed). */
  endedAt(): number | null {
    return num(this.#first('SELECT ended_at FROM meta WHERE id = 1')?.ended_at ?? null);
  }

  /** Marks the session ended at `at`, or running again (null). Returns whether it changed. */
  setEnded(at: number | null): boolean {
    const changed = this.#first(
      'UPDATE meta SET ended_at = ? WHERE id = 1 AND (ended_at IS NULL) <> (? IS NULL) RETURNING id',
      at,
      at,
    );
    return changed !== null;
  }

  // ── tool calls ──────────────────────────────────────────────────────────────────────────

  toolCall(id: string): ToolCallRecord | null {
    // The resolution is the interaction's: written once, there (resolveInteraction).
    const row = this.#first(
      `SELECT tool_calls.*, interactions.resolution AS resolution FROM tool_calls
       LEFT JOIN interactions ON interactions.id = tool_calls.interaction_id WHERE tool_calls.id = ?`,
      id,
    );
    return row ? toolCallFrom(row) : null;
  }

  /** A new call has no resolution of its own: it gets its interaction's (`toolCall`). */
  insertToolCall(call: Omit<ToolCallRecord, 'resolution'>): void {
    this.#run(
      `INSERT INTO tool_calls (id, tool, input, approval_key, capability, cwd, decision, interaction_id, result, created_at, offer, prompt_id, issuer, attestation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      call.id,
      call.tool,
      this.#json(call.input),
      call.approvalKey,
      call.capability,
      call.cwd,
      this.#json(call.decision),
      call.interactionId,
      call.result === null ? null : this.#json(call.result),
      call.createdAt,
      call.offer === null ? null : this.#json(call.offer),
      call.promptId ?? null,
      call.issuer ?? null,
      call.attestation ?? null,
    );
  }

  /**
   * Stores a call's attestation, once: a second signature of the same outcome never replaces the
   * first, so every reader serves the same bytes. False when one was stored already.
   */
  setAttestation(id: string, attestation: string): boolean {
    return (
      this.#sql.exec(
        'UPDATE tool_calls SET attestation = ? WHERE id = ? AND attestation IS NULL',
        attestation,
        id,
      ).rowsWritten > 0
    );
  }

  /** Records the user's request once (a resent hook keeps the first); false if it was known. */
  insertPrompt(prompt: PromptRef, now: number): boolean {
    if (this.prompt(prompt.id)) return false;
    this.#run('INSERT INTO prompts (id, text, created_at) VALUES (?, ?, ?)', prompt.id, prompt.text, now);
    return true;
  }

  prompt(id: string): PromptRef | null {
    const row = this.#first('SELECT id, text FROM prompts WHERE id = ?', id);
    return row ? { id: String(row.id), text: String(row.text) } : null;
  }

  /** The session's most recent request: the one a call without a `prompt_id` belongs to. */
  latestPrompt(): PromptRef | null {
    const row = this.#first('SELECT id, text FROM prompts ORDER BY seq DESC LIMIT 1');
    return row ? { id: String(row.id), text: String(row.text) } : null;
  }

  setToolCallResult(id: string, result: ToolCallResult): void {
    this.#run('UPDATE tool_calls SET result = ? WHERE id = ?', json(result), id);
  }

  // ── interactions ────────────────────────────────────────────────────────────────────────

  interaction(id: string): InteractionRecord | null {
    const row = this.#first('SELECT * FROM interactions WHERE id = ?', id);
    return row ? interactionFrom(row) : null;
  }

  activeInteraction(): InteractionRecord | null {
    const row = this.#first("SELECT * FROM interactions WHERE state = 'active' ORDER BY seq LIMIT 1");
    return row ? interactionFrom(row) : null;
  }

  /** The queue behind the active interaction, in FIFO order. */
  queuedInteractions(limit = -1): InteractionRecord[] {
    return this.#rows("SELECT * FROM interactions WHERE state = 'queued' ORDER BY seq LIMIT ?", limit).map(
      interactionFrom,
    );
  }

  queueLength(): number {
    return Number(this.#first("SELECT count(*) AS n FROM interactions WHERE state = 'queued'")?.n ?? 0);
  }

  /** 1 for the first waiting behind the active one, and so on. */
  queuePosition(seq: number): number {
    return Number(
      this.#first("SELECT count(*) AS n FROM interactions WHERE state = 'queued' AND seq <= ?", seq)?.n ?? 0,
    );
  }

  insertInteraction(interaction: Omit<InteractionRecord, 'seq'>): InteractionRecord {
    const row = this.#first(
      `INSERT INTO interactions (id, tool_call_id, state, timeout_seconds, created_at, activated_at, expires_at, resolved_at, resolution)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      interaction.id,
      interaction.toolCallId,
      interaction.state,
      interaction.timeoutSeconds,
      interaction.createdAt,
      interaction.activatedAt,
      interaction.expiresAt,
      interaction.resolvedAt,
      interaction.resolution === null ? null : json(interaction.resolution),
    );
    return { ...interaction, seq: Number(row?.seq) };
  }

  activateInteraction(id: string, now: number, expiresAt: number): void {
    this.#run(
      "UPDATE interactions SET state = 'active', activated_at = ?, expires_at = ? WHERE id = ?",
      now,
      expiresAt,
      id,
    );
  }

  resolveInteraction(
    id: string,
    now: number,
    resolution: NonNullable<InteractionRecord['resolution']>,
  ): void {
    this.#run(
      "UPDATE interactions SET state = 'resolved', resolved_at = ?, resolution = ? WHERE id = ?",
      now,
      this.#json(resolution),
      id,
    );
  }

  // ── grants ──────────────────────────────────────────────────────────────────────────────

  /**
   * Saves a grant. The same call or rule granted again (an earlier time box ran out, or a new
   * answer gives a different one) replaces the earlier row: the latest answer stands.
   */
  insertGrant(grant: GrantRecord): void {
    this.#run(
      `INSERT INTO grants (id, kind, key, rule, scope, tool, input, interaction_id, expires_at, actor, created_at)
       VALUES (?, ?, ?, ?, 'session', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET id = excluded.id, kind = excluded.kind, rule = excluded.rule,
         tool = excluded.tool, input = excluded.input, interaction_id = excluded.interaction_id,
         expires_at = excluded.expires_at, actor = excluded.actor, created_at = excluded.created_at`,
      grant.id,
      grant.kind,
      grant.key,
      grant.rule,
      grant.tool,
      json(grant.input),
      grant.interactionId,
      grant.expiresAt,
      grant.actor === null ? null : json(grant.actor),
      grant.createdAt,
    );
  }

  grants(): GrantRecord[] {
    return this.#rows('SELECT * FROM grants ORDER BY created_at, id').map((row) => ({
      id: String(row.id),
      kind: String(row.kind) === 'rule' ? 'rule' : 'call',
      key: String(row.key),
      rule: str(row.rule ?? null),
      expiresAt: num(row.expires_at ?? null),
      actor: parseOrNull(row.actor ?? null),
      tool: String(row.tool),
      input: parse(row.input ?? 'null'),
      interactionId: String(row.interaction_id),
      createdAt: Number(row.created_at),
    }));
  }

  /** False when there is no such grant. */
  deleteGrant(id: string): boolean {
    return this.#sql.exec('DELETE FROM grants WHERE id = ?', id).rowsWritten > 0;
  }

  // ── global grants on their way to the workspace ─────────────────────────────────────────

  enqueueGlobalGrant(grant: GlobalGrantRequest, now: number): void {
    this.#run(
      `INSERT INTO global_grant_outbox (interaction_id, payload, attempts, next_attempt_at) VALUES (?, ?, 0, ?)
       ON CONFLICT (interaction_id) DO NOTHING`,
      grant.interactionId,
      json(grant),
      now,
    );
  }

  pendingGlobalGrants(now: number): { grant: GlobalGrantRequest; attempts: number }[] {
    return this.#rows(
      'SELECT payload, attempts FROM global_grant_outbox WHERE next_attempt_at <= ? ORDER BY next_attempt_at',
      now,
    ).map((row) => ({
      grant: parse<GlobalGrantRequest>(row.payload ?? 'null'),
      attempts: Number(row.attempts),
    }));
  }

  globalGrantDelivered(interactionId: string): void {
    this.#run('DELETE FROM global_grant_outbox WHERE interaction_id = ?', interactionId);
  }

  globalGrantFailed(interactionId: string, nextAttemptAt: number): void {
    this.#run(
      'UPDATE global_grant_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE interaction_id = ?',
      nextAttemptAt,
      interactionId,
    );
  }

  nextGlobalGrantAttempt(): number | null {
    return num(this.#first('SELECT min(next_attempt_at) AS at FROM global_grant_outbox')?.at ?? null);
  }

  // ── events (the stream and the audit log) ───────────────────────────────────────────────

  appendEvent<N extends SessionEventName>(name: N, value: SessionEventValue<N>, now: number): SessionEvent {
    const ts = new Date(now).toISOString();
    const row = this.#first(
      'INSERT INTO events (ts, name, value) VALUES (?, ?, ?) RETURNING seq',
      ts,
      name,
      this.#json(value),
    );
    return { seq: Number(row?.seq), ts, name, value } as SessionEvent;
  }

  eventsAfter(after: number, limit: number): SessionEvent[] {
    return this.#rows('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?', after, limit).map(eventFrom);
  }

  /** The newest `count` events, oldest first: what a timeline of recent decisions reads. */
  latestEvents(count: number): SessionEvent[] {
    return this.#rows('SELECT * FROM events ORDER BY seq DESC LIMIT ?', count).map(eventFrom).reverse();
  }

  // ── the alarm ───────────────────────────────────────────────────────────────────────────

  /**
   * One alarm for the earliest thing due (an expiry or a retry); `null` clears it. Issued
   * without reading the current alarm first, so calls take effect in the order they are made
   * and the last one — made from the latest state — wins.
   */
  setAlarm(at: number | null): Promise<void> {
    return at === null ? this.#storage.deleteAlarm() : this.#storage.setAlarm(at);
  }
}
