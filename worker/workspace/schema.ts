/**
 * The WorkspaceDO's SQLite schema, as an ordered list of migrations. Migration N brings the
 * schema from version N to N + 1; applied migrations are never edited, only appended to.
 * Times are epoch milliseconds (INTEGER); JSON columns hold redacted display copies only.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    role TEXT NOT NULL,
    label TEXT,
    hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );

  CREATE TABLE pairing_codes (
    hash TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    created_by TEXT NOT NULL
  );

  CREATE TABLE tickets (
    id TEXT PRIMARY KEY,
    hash TEXT NOT NULL,
    token_id TEXT NOT NULL,
    role TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE grants (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    tool TEXT NOT NULL,
    input TEXT NOT NULL,
    session_id TEXT NOT NULL,
    interaction_id TEXT NOT NULL,
    approved_by TEXT,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    view TEXT NOT NULL,
    pending INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_pending ON sessions (pending) WHERE pending = 1;
  CREATE INDEX sessions_updated ON sessions (updated_at);

  CREATE TABLE rate_windows (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL);
  `,
  // Grants as a resource: kind (exact call or rule), scope, time box and who.
  `
  ALTER TABLE grants ADD COLUMN kind TEXT NOT NULL DEFAULT 'call';
  ALTER TABLE grants ADD COLUMN rule TEXT;
  ALTER TABLE grants ADD COLUMN scope TEXT NOT NULL DEFAULT 'global';
  ALTER TABLE grants ADD COLUMN expires_at INTEGER;
  ALTER TABLE grants ADD COLUMN actor TEXT;
  `,
  // Web Push (worker/push/store.ts): each approver device's subscription, bound to its token;
  // the pushes still to send, retried with backoff by the alarm; and per session the question
  // last announced, so its closing push goes out when it is answered or expires.
  `
  CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    token_id TEXT NOT NULL,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    label TEXT,
    created_at INTEGER NOT NULL,
    last_delivered_at INTEGER
  );
  CREATE INDEX push_subscriptions_token ON push_subscriptions (token_id);

  CREATE TABLE push_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id TEXT NOT NULL,
    message TEXT NOT NULL,
    topic TEXT NOT NULL,
    urgency TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_at INTEGER NOT NULL
  );
  CREATE INDEX push_outbox_due ON push_outbox (next_at);
  CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id, topic);

  CREATE TABLE push_questions (
    session_id TEXT PRIMARY KEY,
    interaction_id TEXT NOT NULL,
    expires_at INTEGER
  );
  `,
  // Delivery follows presence and is known to arrive (docs/push.md): which approver clients
  // reported activity and until when; per device push its id, when the push service took it and
  // when a device showed it; per question whether its ask went out, when to look for a receipt,
  // and whether it was pushed once more; per device when it last showed one.
  `
  CREATE TABLE presence (
    client TEXT PRIMARY KEY,
    token_id TEXT NOT NULL,
    active_until INTEGER NOT NULL
  );

  CREATE TABLE push_sends (
    push_id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    interaction_id TEXT NOT NULL,
    queued_at INTEGER NOT NULL,
    accepted_at INTEGER,
    shown_at INTEGER
  );
  CREATE INDEX push_sends_interaction ON push_sends (interaction_id);

  ALTER TABLE push_questions ADD COLUMN ask TEXT;
  ALTER TABLE push_questions ADD COLUMN asked_at INTEGER;
  ALTER TABLE push_questions ADD COLUMN receipt_ms INTEGER;
  ALTER TABLE push_questions ADD COLUMN check_at INTEGER;
  ALTER TABLE push_questions ADD COLUMN shown_at INTEGER;
  ALTER TABLE push_questions ADD COLUMN repushed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE push_subscriptions ADD COLUMN last_shown_at INTEGER;
  UPDATE push_questions SET asked_at = 0;
  `,
  // Learn from the approver (docs/approver-ui.md "Learned rules"): approvals counted per rule
  // the relay suggested, and the rules an approver declined to be offered again.
  `
  CREATE TABLE learned_rules (
    rule TEXT PRIMARY KEY,
    approvals INTEGER NOT NULL,
    declined INTEGER NOT NULL DEFAULT 0
  );
  `,
  // Passkeys for risky approvals (worker/passkeys/store.ts, docs/attestation.md "Passkeys"): each
  // registered credential with its COSE key, the JWK agents pin and its signature counter; the
  // single-use ceremony challenges, bound to the token that asked; the origins of paired extensions.
  `
  CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    public_key TEXT NOT NULL,
    jwk TEXT NOT NULL,
    counter INTEGER NOT NULL,
    transports TEXT,
    created_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
  );

  CREATE TABLE passkey_challenges (
    challenge TEXT PRIMARY KEY,
    token_id TEXT NOT NULL,
    purpose TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE paired_origins (origin TEXT PRIMARY KEY, token_id TEXT NOT NULL, created_at INTEGER NOT NULL);
  `,
  // Approvals in chat (docs/chat.md): one-use link codes (SHA-256 only, ten minutes) an approver
  // makes; links of a chat user to the approver token that made the code; per session the
  // question last posted to chat; and per question the messages posted, to edit when it closes.
  `
  CREATE TABLE chat_link_codes (
    hash TEXT PRIMARY KEY,
    token_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );

  CREATE TABLE chat_links (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    user_id TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    token_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (provider, user_id)
  );
  CREATE INDEX chat_links_token ON chat_links (token_id);

  CREATE TABLE chat_questions (
    session_id TEXT PRIMARY KEY,
    interaction_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    question TEXT NOT NULL
  );

  CREATE TABLE chat_messages (
    interaction_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (provider, chat_id, message_id)
  );
  CREATE INDEX chat_messages_interaction ON chat_messages (interaction_id);
  `,
];
