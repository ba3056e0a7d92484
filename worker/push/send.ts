import type { PushMessage } from '../../shared/push/message.ts';
import { utf8 } from './base64url.ts';
import { encryptPush, type SubscriberKeys } from './encrypt.ts';
import { type VapidKeys, vapidAuthorization } from './vapid.ts';

/** One HTTP request to a push service (RFC 8030 §5), ready to send. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

export interface Delivery {
  /** RFC 8030 §5.2: seconds the push service may hold the message; 0 = now or never. */
  ttlSeconds: number;
  /** RFC 8030 §5.3. */
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 §5.4. */
  topic: string;
}

export async function pushRequest(
  subscription: { endpoint: string; keys: SubscriberKeys },
  message: PushMessage,
  delivery: Delivery,
  vapid: { keys: VapidKeys; key: CryptoKey },
): Promise<PushRequest> {
  const body = await encryptPush(utf8(JSON.stringify(message)), subscription.keys);
  return {
    endpoint: subscription.endpoint,
    headers: {
      authorization: await vapidAuthorization(subscription.endpoint, vapid.keys, vapid.key),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(Math.max(0, Math.floor(delivery.ttlSeconds))),
      urgency: delivery.urgency,
      topic: delivery.topic,
    },
    body,
  };
}

/**
 * What the push service's answer means for us: `gone` (404/410, RFC 8030 §7.3) deletes the
 * subscription; `retry` (429, 5xx, no answer) tries again later; `refused` (any other 4xx: our
 * request is wrong for it, e.g. a key the subscription was not made with) drops this message.
 */
export type PushOutcome = 'delivered' | 'gone' | 'retry' | 'refused';

export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** A push service that hangs is given up on after this long, and tried again later. */
export const pushTimeoutMs = 10_000;

export async function sendPush(
  request: PushRequest,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<{ outcome: PushOutcome; status: number | null }> {
  try {
    const response = await (options.fetch ?? fetch)(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? pushTimeoutMs),
    });
    // The body is never needed; reading it frees the connection.
    await response.body?.cancel();
    return { outcome: outcomeOf(response.status), status: response.status };
  } catch {
    return { outcome: 'retry', status: null };
  }
}
