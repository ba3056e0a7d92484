import { type DeliverySettings, Risk, type SessionView } from '../../shared/contract/index.ts';
import { type PushDetails, PushMessage, sessionTag } from '../../shared/push/message.ts';
import { randomId } from '../common/secrets.ts';
import { announcements } from './announce.ts';
import { importSubscriber, PushKeyError } from './encrypt.ts';
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
  /** A push service took an ask of this session (the inbox shows its delivery). */
  delivered?(sessionId: string): void;
  /** Injected for tests of the retry logic; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Seconds between attempts: 5 s, 30 s, 2 min, 10 min, 30 min; then the message is dropped. */
export const retryDelaysMs = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** Messages started per round; the rest follow in the next round. */
const batch = 50;
/** A leased message becomes due again this long after its send's timeout, should the object die mid-send. */
const leaseSlackMs = 5_000;

/** What decides how a session's change reaches phones, read by the WorkspaceDO for each change. */
export interface DeliveryContext {
  details: PushDetails;
  delivery: DeliverySettings;
  /** An approver client reported activity within the last minute (worker/workspace/presence.ts). */
  present: boolean;
}

/** Receipts and sends are kept a day: every question is answered or expired well within it. */
const sendsKeptMs = 24 * 60 * 60_000;

const atLeast = (risk: Risk, floor: Risk) => Risk.options.indexOf(risk) >= Risk.options.indexOf(floor);

/**
 * When a new question's ask leaves (docs/push.md "Delivery follows presence"): at once when no
 * approver is present or its risk reaches `pushAtOnceRisk`; else after `pushAfterSeconds`, by
 * which time an answer will have closed it unsent.
 */
export function askDueAt(risk: Risk, context: DeliveryContext, now: number): number {
  if (!context.present || atLeast(risk, context.delivery.pushAtOnceRisk)) return now;
  return now + context.delivery.pushAfterSeconds * 1000;
}

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
  async sessionChanged(view: SessionView, context: DeliveryContext, now: number): Promise<void> {
    const store = this.#host.store;
    const previous = store.question(view.sessionId);
    const { announce, question } = announcements(previous, view, context.details, now);
    if (announce.length === 0) return;
    store.setQuestion(question ?? { session_id: view.sessionId, interaction_id: null });
    const topics = await Promise.all(announce.map((a) => topicFor(a.message.interactionId)));
    const subscriptions = this.enabled ? store.allSubscriptions() : [];
    const tag = sessionTag(view.sessionId);
    announce.forEach((item, index) => {
      const topic = topics[index]!;
      const message = item.message;
      if (message.kind === 'closed') {
        // An ask still held when its question closed reached no phone: it is dropped, and
        // there is no notification for a closing push to replace.
        if (previous?.asked_at === null) {
          store.dropTopic(topic);
          return;
        }
        for (const subscription of subscriptions)
          store.enqueue({
            subscription_id: subscription.id,
            message: JSON.stringify({ ...message, tag }),
            topic,
            urgency: item.urgency,
            expires_at: item.expiresAt,
            next_at: now,
          });
        return;
      }
      const risk = view.activeInteraction?.decision.risk ?? 'critical';
      store.setAsk(
        view.sessionId,
        JSON.stringify({ ...message, tag }),
        context.delivery.receiptSeconds * 1000,
      );
      this.#queueAsk(
        subscriptions,
        { ...message, tag },
        topic,
        item.expiresAt,
        askDueAt(risk, context, now),
        now,
      );
    });
    if (subscriptions.length > 0) this.kick();
  }

  /** One ask per device, each with a pushId of its own for the device's receipt. */
  #queueAsk(
    subscriptions: SubscriptionRow[],
    message: Extract<PushMessage, { kind: 'ask' }>,
    topic: string,
    expiresAt: number,
    dueAt: number,
    now: number,
  ): void {
    const store = this.#host.store;
    for (const subscription of subscriptions) {
      const pushId = randomId('pu-');
      store.addSend({
        push_id: pushId,
        subscription_id: subscription.id,
        session_id: message.sessionId,
        interaction_id: message.interactionId,
        queued_at: now,
      });
      store.enqueue({
        subscription_id: subscription.id,
        message: JSON.stringify({ ...message, pushId }),
        topic,
        urgency: 'high',
        expires_at: expiresAt,
        next_at: dueAt,
      });
    }
  }

  /**
   * Questions whose pushes a push service took but no device showed within `receiptSeconds`
   * are pushed once more, to every device (docs/push.md "Known to arrive").
   */
  async #pushUnshownAgain(now: number): Promise<void> {
    const store = this.#host.store;
    store.pruneSends(now - sendsKeptMs);
    for (const question of store.unshown(now)) {
      store.markRepushed(question.interaction_id);
      if (!question.ask || (question.expires_at !== null && question.expires_at <= now)) continue;
      const parsed = PushMessage.safeParse(JSON.parse(question.ask));
      if (!parsed.success || parsed.data.kind !== 'ask') continue;
      const expiresAt = question.expires_at ?? now + 10 * 60_000;
      this.#queueAsk(
        this.enabled ? store.allSubscriptions() : [],
        parsed.data,
        await topicFor(question.interaction_id),
        expiresAt,
        now,
        now,
      );
    }
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
    await this.#pushUnshownAgain(Date.now());
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
      const message = PushMessage.safeParse(JSON.parse(row.message));
      if (message.success && message.data.kind === 'ask') store.markAsked(message.data.interactionId, now);
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
    if (outcome === 'delivered') {
      const now = Date.now();
      store.markDelivered(subscription.id, now);
      if (message.kind === 'ask' && message.pushId) {
        store.accepted(message.pushId, now);
        store.expectReceipt(message.interactionId, now);
        this.#host.delivered?.(message.sessionId);
      }
    }
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
