import type { SessionView } from '../../shared/contract/index.ts';
import { randomId } from '../workspace/secrets.ts';
import { announcements } from './announce.ts';
import { importSubscriber, PushKeyError } from './encrypt.ts';
import type { PushDetails, PushMessage } from './message.ts';
import { type PushOutcome, pushRequest, pushTimeoutMs, sendPush } from './send.ts';
import type { OutboxRow, PushStore, SubscriptionRow } from './store.ts';
import type { SubscriptionRequest } from './subscription.ts';
import { topicFor } from './topic.ts';
import { signingKey, type VapidKeys } from './vapid.ts';

/**
 * The WorkspaceDO's Web Push: it queues a push per subscription when a question becomes active
 * or closes, and sends the queue outside the request that caused it (the agent's answer and the
 * inbox never wait for a push service). What a push service did not take is retried by the
 * alarm with backoff until the message is worthless; a 404/410 deletes the subscription.
 */

export interface PusherHost {
  store: PushStore;
  vapid: VapidKeys | null;
  /** Runs work after the current request (the object's `waitUntil`-like keep-alive). */
  background(work: Promise<void>): void;
  /** Moves the object's alarm to `at` (epoch ms), or clears it. */
  schedule(at: number | null): Promise<void>;
  /** Injected for tests of the retry logic; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Seconds between attempts: 5 s, 30 s, 2 min, 10 min, 30 min; then the message is dropped. */
export const retryDelaysMs = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** Messages started per round; the rest follow in the next round. */
const batch = 50;
/** A leased message becomes due again this long after its send's timeout, should the object die mid-send. */
const leaseSlackMs = 5_000;

export interface TestResult {
  sent: number;
  delivered: number;
  removed: number;
  failed: number;
}

export class Pusher {
  readonly #host: PusherHost;
  #running: Promise<void> | null = null;
  #again = false;
  #key: Promise<CryptoKey> | null = null;

  constructor(host: PusherHost) {
    this.#host = host;
  }

  get enabled(): boolean {
    return this.#host.vapid !== null;
  }

  #signing(): Promise<{ keys: VapidKeys; key: CryptoKey }> {
    const keys = this.#host.vapid;
    if (!keys) throw new Error('push is not configured');
    this.#key ??= signingKey(keys);
    return this.#key.then((key) => ({ keys, key }));
  }

  /** Checks what a browser sent beyond its shape (the point is on the curve) and keeps it. */
  async subscribe(tokenId: string, request: SubscriptionRequest, now: number): Promise<string> {
    await importSubscriber(request.keys);
    return this.#host.store.saveSubscription({
      id: randomId('ps-'),
      token_id: tokenId,
      endpoint: request.endpoint,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      label: request.label ?? null,
      created_at: now,
      last_delivered_at: null,
    });
  }

  /**
   * A session's new view: queues what changed for every device and starts sending. Synchronous
   * up to the queueing, so it lands in the same storage commit as the view itself.
   */
  async sessionChanged(view: SessionView, details: PushDetails, now: number): Promise<void> {
    const store = this.#host.store;
    const { announce, question } = announcements(store.question(view.sessionId), view, details, now);
    if (announce.length === 0) return;
    store.setQuestion(question ?? { session_id: view.sessionId, interaction_id: null });
    if (!this.enabled) return;
    const subscriptions = store.allSubscriptions();
    if (subscriptions.length === 0) return;
    const topics = await Promise.all(announce.map((a) => topicFor(a.message.interactionId)));
    announce.forEach((item, index) => {
      for (const subscription of subscriptions)
        store.enqueue({
          subscription_id: subscription.id,
          message: JSON.stringify(item.message),
          topic: topics[index]!,
          urgency: item.urgency,
          expires_at: item.expiresAt,
          next_at: now,
        });
    });
    this.kick();
  }

  /** Starts a delivery run in the background (or asks the running one to go round again). */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#runUntilIdle().finally(() => {
      this.#running = null;
    });
    this.#host.background(this.#running);
  }

  /** For the alarm: starts what is due, and waits until each of those sends has finished. */
  async deliverDue(): Promise<void> {
    const sends: Promise<void>[] = [];
    this.#started = (send) => sends.push(send);
    try {
      this.kick();
      await this.#running;
    } finally {
      this.#started = null;
    }
    await Promise.all(sends);
  }

  #started: ((send: Promise<void>) => void) | null = null;

  async #runUntilIdle(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.#run(Date.now());
      } while (this.#again);
    } catch (error) {
      console.error('push delivery failed', error);
    }
    await this.#reschedule();
  }

  #reschedule(): Promise<void> {
    return this.#host.schedule(this.#host.store.nextDue()).catch((error) => {
      console.error('push alarm not set', error);
    });
  }

  /**
   * Starts every due message without waiting for any: one push service that hangs must not
   * hold the others. Each is leased first (its next attempt moved past the send's timeout), so
   * neither the alarm nor another run sends it twice meanwhile.
   */
  async #run(now: number): Promise<void> {
    const store = this.#host.store;
    const rows = store.due(now, batch);
    if (rows.length === 0) return;
    if (!this.enabled) {
      for (const row of rows) store.sent(row.id);
      return;
    }
    const vapid = await this.#signing();
    for (const row of rows) {
      store.lease(row.id, now + pushTimeoutMs + leaseSlackMs);
      const send = this.#deliver(row, vapid, now)
        .catch((error) => console.error('push not sent', error))
        .then(() => this.#reschedule());
      this.#host.background(send);
      this.#started?.(send);
    }
    if (rows.length === batch) this.#again = true;
  }

  async #deliver(row: OutboxRow, vapid: { keys: VapidKeys; key: CryptoKey }, now: number): Promise<void> {
    const store = this.#host.store;
    const subscription = store.subscription(row.subscription_id);
    if (!subscription || row.expires_at <= now) {
      store.sent(row.id);
      return;
    }
    const outcome = await this.#send(
      subscription,
      JSON.parse(row.message) as PushMessage,
      {
        ttlSeconds: Math.ceil((row.expires_at - now) / 1000),
        urgency: row.urgency,
        topic: row.topic,
      },
      vapid,
    );
    if (outcome === 'retry') {
      const delay = retryDelaysMs[row.attempts];
      if (delay === undefined || now + delay >= row.expires_at) store.sent(row.id);
      else store.retryAt(row.id, now + delay);
    } else if (outcome !== 'gone') store.sent(row.id);
  }

  async #send(
    subscription: SubscriptionRow,
    message: PushMessage,
    delivery: { ttlSeconds: number; urgency: OutboxRow['urgency']; topic: string },
    vapid: { keys: VapidKeys; key: CryptoKey },
  ): Promise<PushOutcome> {
    const store = this.#host.store;
    let request: Awaited<ReturnType<typeof pushRequest>>;
    try {
      request = await pushRequest(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        message,
        delivery,
        vapid,
      );
    } catch (error) {
      // Keys no browser could have made: nobody can read what we would send there.
      if (error instanceof PushKeyError) store.deleteSubscription(subscription.id);
      else console.error('push not built', error);
      return error instanceof PushKeyError ? 'gone' : 'refused';
    }
    const { outcome, status } = await sendPush(request, this.#host.fetch ? { fetch: this.#host.fetch } : {});
    if (outcome === 'delivered') store.markDelivered(subscription.id, Date.now());
    if (outcome === 'gone') store.deleteSubscription(subscription.id);
    if (outcome === 'refused') console.warn('push refused by the push service', status);
    return outcome;
  }

  /** `POST /push/test`: one push to each of the caller's devices, sent now, outcomes counted. */
  async test(tokenId: string, now: number): Promise<TestResult> {
    const subscriptions = this.#host.store.subscriptionsOf(tokenId);
    const result: TestResult = { sent: subscriptions.length, delivered: 0, removed: 0, failed: 0 };
    if (subscriptions.length === 0) return result;
    const vapid = await this.#signing();
    const message: PushMessage = { kind: 'test', sentAt: new Date(now).toISOString() };
    const outcomes = await Promise.all(
      subscriptions.map((subscription) =>
        this.#send(
          subscription,
          message,
          { ttlSeconds: 60, urgency: 'normal', topic: 'gatehouse-test' },
          vapid,
        ),
      ),
    );
    for (const outcome of outcomes) {
      if (outcome === 'delivered') result.delivered++;
      else if (outcome === 'gone') result.removed++;
      else result.failed++;
    }
    return result;
  }
}
