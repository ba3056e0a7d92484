import { DurableObject } from 'cloudflare:workers';
import { InitGuard } from '../durable/init-guard.ts';
import type { ChatProviderName, ChatQuestion } from './port.ts';

/**
 * One chat's directory (one object per `provider:chatId`): which workspace and question each
 * message the relay posted there belongs to, so a button press — which names only the chat and
 * the message — reaches the right workspace; and which inbound updates were already handled, so
 * a service's retry of the same update does nothing twice. One object per chat spreads the load
 * the way the chats are spread; nothing here says who may answer (the workspace decides).
 */

export interface DirectoryEntry {
  workspaceId: string;
  sessionId: string;
  interactionId: string;
  /**
   * What the message showed of the call (`ChatQuestion.details`) when it was posted; `null` for
   * a message remembered before this was recorded. Only a message that showed the call may
   * approve it (worker/chat/approvable.ts).
   */
  details: ChatQuestion['details'] | null;
}

/** Entries and update marks are kept a week: far past any question's life, short for storage. */
const keptMs = 7 * 24 * 60 * 60_000;

/** Each entry runs once, in order; `schema_version` counts those that ran. */
const migrations = [
  `
  CREATE TABLE IF NOT EXISTS messages (
    message_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    interaction_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS updates (key TEXT PRIMARY KEY, seen_at INTEGER NOT NULL);
  `,
  // What each message showed of the call; rows from before stay NULL and can never approve.
  'ALTER TABLE messages ADD COLUMN details TEXT;',
];

function migrate(sql: SqlStorage): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const current = sql.exec<{ version: number }>('SELECT version FROM schema_version').toArray()[0]?.version;
  if (current === undefined) sql.exec('INSERT INTO schema_version (version) VALUES (0)');
  for (let version = current ?? 0; version < migrations.length; version++) {
    sql.exec(migrations[version]!);
    sql.exec('UPDATE schema_version SET version = ?', version + 1);
  }
}

const shownLevels: readonly string[] = ['none', 'summary', 'call'] satisfies ChatQuestion['details'][];
const detailsOf = (value: string | null): DirectoryEntry['details'] =>
  value !== null && shownLevels.includes(value) ? (value as ChatQuestion['details']) : null;

export const directoryName = (provider: ChatProviderName, chatId: string) => `${provider}:${chatId}`;

export class ChatDirectory extends DurableObject<Env> {
  readonly #init: InitGuard;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#init = new InitGuard(ctx, () => migrate(ctx.storage.sql));
  }

  #prune(now: number): void {
    this.ctx.storage.sql.exec('DELETE FROM messages WHERE created_at < ?', now - keptMs);
    this.ctx.storage.sql.exec('DELETE FROM updates WHERE seen_at < ?', now - keptMs);
  }

  async remember(messageId: string, entry: DirectoryEntry): Promise<void> {
    await this.#init.ready();
    const now = Date.now();
    this.#prune(now);
    this.ctx.storage.sql.exec(
      `INSERT INTO messages (message_id, workspace_id, session_id, interaction_id, details, created_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (message_id) DO UPDATE SET workspace_id = excluded.workspace_id,
         session_id = excluded.session_id, interaction_id = excluded.interaction_id,
         details = excluded.details, created_at = excluded.created_at`,
      messageId,
      entry.workspaceId,
      entry.sessionId,
      entry.interactionId,
      entry.details,
      now,
    );
  }

  async find(messageId: string): Promise<DirectoryEntry | null> {
    await this.#init.ready();
    const row = this.ctx.storage.sql
      .exec<{ workspace_id: string; session_id: string; interaction_id: string; details: string | null }>(
        'SELECT workspace_id, session_id, interaction_id, details FROM messages WHERE message_id = ?',
        messageId,
      )
      .toArray()[0];
    return row
      ? {
          workspaceId: row.workspace_id,
          sessionId: row.session_id,
          interactionId: row.interaction_id,
          details: detailsOf(row.details),
        }
      : null;
  }

  /** True the first time `key` (a service's update or delivery id) is seen here; false for a retry. */
  async firstSight(key: string): Promise<boolean> {
    await this.#init.ready();
    const now = Date.now();
    return (
      this.ctx.storage.sql.exec('INSERT OR IGNORE INTO updates (key, seen_at) VALUES (?, ?)', key, now)
        .rowsWritten > 0
    );
  }
}

/** The directory of one chat, typed by its class. */
export const chatDirectory = (env: Env, provider: ChatProviderName, chatId: string) =>
  env.CHAT.getByName(directoryName(provider, chatId));
