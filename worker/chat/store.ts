import type { ChatMessageRef, ChatProviderName, ChatQuestion } from './port.ts';

/**
 * The WorkspaceDO's chat tables (the chat migration of worker/workspace/schema.ts): link codes,
 * links, the question last posted per session and the messages posted per question. Every value
 * is a bound parameter; no SQL is ever assembled from input.
 */

export interface LinkCodeRow {
  hash: string;
  token_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ChatLinkRow {
  id: string;
  provider: ChatProviderName;
  user_id: string;
  chat_id: string;
  token_id: string;
  created_at: number;
}

/** A question as posted: which call it asks about (to read its resolution) and what it showed. */
export interface PostedQuestion {
  sessionId: string;
  interactionId: string;
  toolCallId: string;
  question: ChatQuestion;
}

export interface PostedMessage extends ChatMessageRef {
  provider: ChatProviderName;
}

type Row = Record<string, SqlStorageValue>;

export class ChatStore {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  #rows<T>(query: string, ...values: SqlStorageValue[]): T[] {
    return this.#sql.exec<Row>(query, ...values).toArray() as T[];
  }

  #write(query: string, ...values: SqlStorageValue[]): number {
    return this.#sql.exec(query, ...values).rowsWritten;
  }

  // link codes

  insertLinkCode(row: Omit<LinkCodeRow, 'used_at'>): void {
    this.#write(
      'INSERT INTO chat_link_codes (hash, token_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      row.hash,
      row.token_id,
      row.created_at,
      row.expires_at,
    );
  }

  linkCode(hash: string): LinkCodeRow | null {
    return this.#rows<LinkCodeRow>('SELECT * FROM chat_link_codes WHERE hash = ?', hash)[0] ?? null;
  }

  /** The single-use guarantee: true only for the one caller that marks the code used. */
  useLinkCode(hash: string, now: number): boolean {
    return (
      this.#write('UPDATE chat_link_codes SET used_at = ? WHERE hash = ? AND used_at IS NULL', now, hash) > 0
    );
  }

  pruneLinkCodes(before: number): void {
    this.#write('DELETE FROM chat_link_codes WHERE expires_at < ?', before);
  }

  // links

  /** A chat user links once per provider: a new code moves the link to the code's approver. */
  saveLink(row: ChatLinkRow): string {
    this.#write(
      `INSERT INTO chat_links (id, provider, user_id, chat_id, token_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (provider, user_id) DO UPDATE SET
         chat_id = excluded.chat_id, token_id = excluded.token_id, created_at = excluded.created_at`,
      row.id,
      row.provider,
      row.user_id,
      row.chat_id,
      row.token_id,
      row.created_at,
    );
    return this.linkOf(row.provider, row.user_id)?.id ?? row.id;
  }

  linkOf(provider: ChatProviderName, userId: string): ChatLinkRow | null {
    return (
      this.#rows<ChatLinkRow>(
        'SELECT * FROM chat_links WHERE provider = ? AND user_id = ?',
        provider,
        userId,
      )[0] ?? null
    );
  }

  links(): ChatLinkRow[] {
    return this.#rows<ChatLinkRow>('SELECT * FROM chat_links ORDER BY created_at, id');
  }

  linksOf(provider: ChatProviderName): ChatLinkRow[] {
    return this.#rows<ChatLinkRow>(
      'SELECT * FROM chat_links WHERE provider = ? ORDER BY created_at, id',
      provider,
    );
  }

  deleteLink(id: string): boolean {
    return this.#write('DELETE FROM chat_links WHERE id = ?', id) > 0;
  }

  deleteLinksOf(tokenId: string): void {
    this.#write('DELETE FROM chat_links WHERE token_id = ?', tokenId);
    this.#write('DELETE FROM chat_link_codes WHERE token_id = ?', tokenId);
  }

  // questions and their messages

  question(sessionId: string): PostedQuestion | null {
    const row = this.#rows<{ question: string; interaction_id: string; tool_call_id: string }>(
      'SELECT * FROM chat_questions WHERE session_id = ?',
      sessionId,
    )[0];
    if (!row) return null;
    return {
      sessionId,
      interactionId: row.interaction_id,
      toolCallId: row.tool_call_id,
      question: JSON.parse(row.question) as ChatQuestion,
    };
  }

  setQuestion(posted: PostedQuestion): void {
    this.#write(
      `INSERT INTO chat_questions (session_id, interaction_id, tool_call_id, question) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET interaction_id = excluded.interaction_id,
         tool_call_id = excluded.tool_call_id, question = excluded.question`,
      posted.sessionId,
      posted.interactionId,
      posted.toolCallId,
      JSON.stringify(posted.question),
    );
  }

  clearQuestion(sessionId: string, interactionId: string): void {
    this.#write(
      'DELETE FROM chat_questions WHERE session_id = ? AND interaction_id = ?',
      sessionId,
      interactionId,
    );
  }

  addMessages(interactionId: string, messages: readonly PostedMessage[]): void {
    for (const message of messages)
      this.#write(
        'INSERT OR IGNORE INTO chat_messages (interaction_id, provider, chat_id, message_id) VALUES (?, ?, ?, ?)',
        interactionId,
        message.provider,
        message.chatId,
        message.messageId,
      );
  }

  messagesOf(interactionId: string): PostedMessage[] {
    return this.#rows<{ provider: ChatProviderName; chat_id: string; message_id: string }>(
      'SELECT provider, chat_id, message_id FROM chat_messages WHERE interaction_id = ?',
      interactionId,
    ).map((row) => ({ provider: row.provider, chatId: row.chat_id, messageId: row.message_id }));
  }

  /** A closed question's messages are edited once; nothing is kept of them afterwards. */
  deleteMessagesOf(interactionId: string): void {
    this.#write('DELETE FROM chat_messages WHERE interaction_id = ?', interactionId);
  }
}
