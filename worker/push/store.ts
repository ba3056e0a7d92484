/**
 * The WorkspaceDO's Web Push tables (migration 2 of worker/workspace/schema.ts). Every value is
 * a bound parameter; no SQL is ever assembled from input.
 */

export interface SubscriptionRow {
  id: string;
  token_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string | null;
  created_at: number;
  last_delivered_at: number | null;
  /** When a device last acknowledged showing a push (`POST /push/receipts`). */
  last_shown_at?: number | null;
}

export interface OutboxRow {
  id: number;
  subscription_id: string;
  /** The PushMessage as JSON, encrypted afresh for each attempt. */
  message: string;
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** After this the message is worth nothing (the question expired): it is dropped unsent. */
  expires_at: number;
  attempts: number;
  next_at: number;
}

export interface QuestionRow {
  session_id: string;
  interaction_id: string;
  expires_at: number | null;
}

/** What is kept of a question's delivery beyond its identity (migration 4). */
export interface QuestionDelivery extends QuestionRow {
  /** The ask as queued (JSON of the message without its per-device pushId), to push it again. */
  ask: string | null;
  /** When its ask was first handed to a push service; null while it is held. */
  asked_at: number | null;
  receipt_ms: number | null;
  /** When to look for a receipt; null once one came, or once it was pushed again. */
  check_at: number | null;
  shown_at: number | null;
  repushed: number;
}

export interface PushSendRow {
  push_id: string;
  subscription_id: string;
  session_id: string;
  interaction_id: string;
  queued_at: number;
  accepted_at: number | null;
  shown_at: number | null;
}

type Row = Record<string, SqlStorageValue>;

export class PushStore {
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

  // subscriptions

  /** A device subscribing again (same endpoint) replaces its keys and owner; its id is kept. */
  saveSubscription(row: SubscriptionRow): string {
    this.#write(
      `INSERT INTO push_subscriptions (id, token_id, endpoint, p256dh, auth, label, created_at, last_delivered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
       ON CONFLICT (endpoint) DO UPDATE SET token_id = excluded.token_id, p256dh = excluded.p256dh,
         auth = excluded.auth, label = excluded.label`,
      row.id,
      row.token_id,
      row.endpoint,
      row.p256dh,
      row.auth,
      row.label,
      row.created_at,
    );
    return this.#rows<{ id: string }>(
      'SELECT id FROM push_subscriptions WHERE endpoint = ?',
      row.endpoint,
    )[0]!.id;
  }

  subscription(id: string): SubscriptionRow | null {
    return this.#rows<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE id = ?', id)[0] ?? null;
  }

  subscriptionsOf(tokenId: string): SubscriptionRow[] {
    return this.#rows('SELECT * FROM push_subscriptions WHERE token_id = ? ORDER BY created_at', tokenId);
  }

  allSubscriptions(): SubscriptionRow[] {
    return this.#rows('SELECT * FROM push_subscriptions ORDER BY created_at');
  }

  hasSubscriptions(): boolean {
    return this.#rows('SELECT 1 FROM push_subscriptions LIMIT 1').length > 0;
  }

  /** Removes a subscription and everything still queued for it; `tokenId` limits it to its owner. */
  deleteSubscription(id: string, tokenId?: string): boolean {
    const removed =
      tokenId === undefined
        ? this.#write('DELETE FROM push_subscriptions WHERE id = ?', id)
        : this.#write('DELETE FROM push_subscriptions WHERE id = ? AND token_id = ?', id, tokenId);
    if (removed > 0) this.#write('DELETE FROM push_outbox WHERE subscription_id = ?', id);
    return removed > 0;
  }

  /** A revoked token's devices hear nothing more. */
  deleteSubscriptionsOf(tokenId: string): number {
    let removed = 0;
    for (const row of this.subscriptionsOf(tokenId)) if (this.deleteSubscription(row.id)) removed++;
    return removed;
  }

  /** Renames one of `tokenId`'s devices; false when it has no such device. */
  renameSubscription(id: string, tokenId: string, label: string): boolean {
    return (
      this.#write(
        'UPDATE push_subscriptions SET label = ? WHERE id = ? AND token_id = ?',
        label,
        id,
        tokenId,
      ) > 0
    );
  }

  markDelivered(id: string, now: number): void {
    this.#write('UPDATE push_subscriptions SET last_delivered_at = ? WHERE id = ?', now, id);
  }

  // outbox

  /** Queues a message; an older one with the same topic, not yet sent, is superseded by it. */
  enqueue(row: Omit<OutboxRow, 'id' | 'attempts'>): void {
    this.#write(
      'DELETE FROM push_outbox WHERE subscription_id = ? AND topic = ?',
      row.subscription_id,
      row.topic,
    );
    this.#write(
      `INSERT INTO push_outbox (subscription_id, message, topic, urgency, expires_at, attempts, next_at)
       VALUES (?, ?, ?, ?, ?, 0, ?)`,
      row.subscription_id,
      row.message,
      row.topic,
      row.urgency,
      row.expires_at,
      row.next_at,
    );
  }

  due(now: number, limit: number): OutboxRow[] {
    return this.#rows(
      'SELECT * FROM push_outbox WHERE next_at <= ? ORDER BY next_at, id LIMIT ?',
      now,
      limit,
    );
  }

  /** The next moment the alarm has work: a queued push, or a question to look for a receipt of. */
  nextDue(): number | null {
    return (
      this.#rows<{ at: number | null }>(
        `SELECT MIN(at) AS at FROM (SELECT MIN(next_at) AS at FROM push_outbox
           UNION ALL SELECT MIN(check_at) AS at FROM push_questions)`,
      )[0]?.at ?? null
    );
  }

  sent(id: number): void {
    this.#write('DELETE FROM push_outbox WHERE id = ?', id);
  }

  /** Holds a message while it is being sent: not due again before `until`. */
  lease(id: number, until: number): void {
    this.#write('UPDATE push_outbox SET next_at = ? WHERE id = ?', until, id);
  }

  retryAt(id: number, at: number): void {
    this.#write('UPDATE push_outbox SET attempts = attempts + 1, next_at = ? WHERE id = ?', at, id);
  }

  // the question each session last announced

  question(sessionId: string): QuestionDelivery | null {
    return (
      this.#rows<QuestionDelivery>('SELECT * FROM push_questions WHERE session_id = ?', sessionId)[0] ?? null
    );
  }

  questionOf(interactionId: string): QuestionDelivery | null {
    return (
      this.#rows<QuestionDelivery>(
        'SELECT * FROM push_questions WHERE interaction_id = ?',
        interactionId,
      )[0] ?? null
    );
  }

  /** The new question's ask as queued, and how long to wait for a device to show it. */
  setAsk(sessionId: string, ask: string, receiptMs: number): void {
    this.#write(
      'UPDATE push_questions SET ask = ?, receipt_ms = ? WHERE session_id = ?',
      ask,
      receiptMs,
      sessionId,
    );
  }

  /** Its ask left the outbox for a push service (the first time only). */
  markAsked(interactionId: string, now: number): void {
    this.#write(
      'UPDATE push_questions SET asked_at = ? WHERE interaction_id = ? AND asked_at IS NULL',
      now,
      interactionId,
    );
  }

  /** A push service took an ask: look for a receipt `receipt_ms` later, unless one came or it went again. */
  expectReceipt(interactionId: string, now: number): void {
    this.#write(
      `UPDATE push_questions SET check_at = ? + receipt_ms
       WHERE interaction_id = ? AND check_at IS NULL AND shown_at IS NULL AND repushed = 0 AND receipt_ms IS NOT NULL`,
      now,
      interactionId,
    );
  }

  /** Questions whose pushes were taken but shown nowhere in time. */
  unshown(now: number): QuestionDelivery[] {
    return this.#rows(
      'SELECT * FROM push_questions WHERE check_at IS NOT NULL AND check_at <= ? AND shown_at IS NULL',
      now,
    );
  }

  markRepushed(interactionId: string): void {
    this.#write(
      'UPDATE push_questions SET repushed = 1, check_at = NULL WHERE interaction_id = ?',
      interactionId,
    );
  }

  /** Drops everything still queued under a topic (a held ask whose question closed unsent). */
  dropTopic(topic: string): void {
    this.#write('DELETE FROM push_outbox WHERE topic = ?', topic);
  }

  // each device's push of a question, and its receipt

  addSend(row: Omit<PushSendRow, 'accepted_at' | 'shown_at'>): void {
    this.#write(
      `INSERT INTO push_sends (push_id, subscription_id, session_id, interaction_id, queued_at)
       VALUES (?, ?, ?, ?, ?)`,
      row.push_id,
      row.subscription_id,
      row.session_id,
      row.interaction_id,
      row.queued_at,
    );
  }

  accepted(pushId: string, now: number): void {
    this.#write(
      'UPDATE push_sends SET accepted_at = ? WHERE push_id = ? AND accepted_at IS NULL',
      now,
      pushId,
    );
  }

  send(pushId: string): PushSendRow | null {
    return this.#rows<PushSendRow>('SELECT * FROM push_sends WHERE push_id = ?', pushId)[0] ?? null;
  }

  sendsOf(interactionId: string): PushSendRow[] {
    return this.#rows('SELECT * FROM push_sends WHERE interaction_id = ? ORDER BY queued_at', interactionId);
  }

  /** A device showed the push: the push, its device and its question remember when (first receipt wins). */
  shown(send: PushSendRow, now: number): void {
    this.#write(
      'UPDATE push_sends SET shown_at = ? WHERE push_id = ? AND shown_at IS NULL',
      now,
      send.push_id,
    );
    this.#write('UPDATE push_subscriptions SET last_shown_at = ? WHERE id = ?', now, send.subscription_id);
    this.#write(
      'UPDATE push_questions SET shown_at = ?, check_at = NULL WHERE interaction_id = ? AND shown_at IS NULL',
      now,
      send.interaction_id,
    );
  }

  /** Receipts are worth keeping a day: long enough for any question to be answered or expire. */
  pruneSends(before: number): void {
    this.#write('DELETE FROM push_sends WHERE queued_at < ?', before);
  }

  setQuestion(row: QuestionRow | { session_id: string; interaction_id: null }): void {
    if (row.interaction_id === null)
      this.#write('DELETE FROM push_questions WHERE session_id = ?', row.session_id);
    else
      this.#write(
        `INSERT INTO push_questions (session_id, interaction_id, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (session_id) DO UPDATE SET interaction_id = excluded.interaction_id, expires_at = excluded.expires_at,
           ask = NULL, asked_at = NULL, receipt_ms = NULL, check_at = NULL, shown_at = NULL, repushed = 0`,
        row.session_id,
        row.interaction_id,
        row.expires_at,
      );
  }
}
