/**
 * The SessionDO's SQLite schema, as ordered migrations. `SessionStore` applies the ones newer
 * than the stored version, each in one transaction, so an object created by an older build
 * upgrades itself the first time it wakes up. Never edit a shipped migration: append one.
 *
 * Times are integers (ms since the epoch) so they compare and sort in SQL; JSON columns hold
 * only redacted display copies (DESIGN §6: secrets are redacted in every stored copy).
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    workspace_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    title TEXT,
    agent TEXT,
    mode TEXT NOT NULL,
    engine_mode TEXT NOT NULL,
    modes TEXT NOT NULL,
    permissions TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE tool_calls (
    id TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    input TEXT NOT NULL,
    approval_key TEXT NOT NULL,
    capability TEXT,
    cwd TEXT,
    decision TEXT NOT NULL,
    interaction_id TEXT,
    resolution TEXT,
    result TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE interactions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    tool_call_id TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('active', 'queued', 'resolved')),
    timeout_seconds INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    activated_at INTEGER,
    expires_at INTEGER,
    resolved_at INTEGER,
    resolution TEXT
  );
  CREATE INDEX interactions_by_state ON interactions (state, seq);
  CREATE TABLE grants (
    key TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    input TEXT NOT NULL,
    interaction_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE global_grant_outbox (
    interaction_id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL
  );
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL
  );
  `,
  // Sessions belong to the agent token that created them. A session stored before
  // this has no owner; the first agent token that touches it claims it.
  `
  ALTER TABLE meta ADD COLUMN owner_token_id TEXT;
  ALTER TABLE meta ADD COLUMN owner_label TEXT;
  `,
  // What an agent's declaration may loosen and what it asked for: one JSON
  // column, so the migration stays one statement. NULL for sessions stored before it.
  `ALTER TABLE meta ADD COLUMN authority TEXT;`,
  // Grants as a resource: the full record now, so rule grants and time boxes
  // need no second migration. Rows stored before it are exact-call grants of unknown author.
  `
  ALTER TABLE grants ADD COLUMN id TEXT;
  ALTER TABLE grants ADD COLUMN kind TEXT NOT NULL DEFAULT 'call';
  ALTER TABLE grants ADD COLUMN rule TEXT;
  ALTER TABLE grants ADD COLUMN scope TEXT NOT NULL DEFAULT 'session';
  ALTER TABLE grants ADD COLUMN expires_at INTEGER;
  ALTER TABLE grants ADD COLUMN actor TEXT;
  UPDATE grants SET id = 'sg-' || lower(hex(randomblob(12))) WHERE id IS NULL;
  CREATE UNIQUE INDEX grants_by_id ON grants (id);
  `,
  // What an ask offers its approver: suggested rules and whether the input may be
  // edited, decided once from the real input, which the relay does not keep. NULL before it.
  `ALTER TABLE tool_calls ADD COLUMN offer TEXT;`,
  // The user's requests: each question names the one it belongs to.
  `
  CREATE TABLE prompts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  ALTER TABLE tool_calls ADD COLUMN prompt_id TEXT;
  `,
  // Attestations (docs/attestation.md): the signed outcome, stored once and served as stored,
  // and the relay URL the call came in by (its `iss`). NULL for calls stored before it.
  `
  ALTER TABLE tool_calls ADD COLUMN issuer TEXT;
  ALTER TABLE tool_calls ADD COLUMN attestation TEXT;
  `,
  // When the agent said its session ended (Claude Code's SessionEnd); cleared when it calls
  // again (a resumed session). NULL: not ended. docs/approver-ui.md "Sessions".
  `ALTER TABLE meta ADD COLUMN ended_at INTEGER;`,
  // Step-up (docs/attestation.md "Passkeys"): when the options for a passkey-signed answer were
  // asked for, per question and token, so the answer is signed with the very payload (its `iat`)
  // the passkey signed.
  `
  CREATE TABLE step_ups (
    interaction_id TEXT NOT NULL,
    token_id TEXT NOT NULL,
    iat INTEGER NOT NULL,
    PRIMARY KEY (interaction_id, token_id)
  );
  `,
  // A resolution is written once, to its interaction; a tool call's is read through its
  // `interaction_id` (SessionStore.toolCall). The copy on tool_calls was always written in the
  // same transaction as the interaction's, so no row loses its resolution here.
  `ALTER TABLE tool_calls DROP COLUMN resolution;`,
];
