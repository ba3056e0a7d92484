import { z } from 'zod';
import { limits } from '../../shared/contract/index.ts';
import { fromBase64Url } from './base64url.ts';
import type { SubscriptionRow } from './store.ts';

/**
 * `POST /push/subscriptions`: the browser's `PushSubscription.toJSON()` plus a label. The
 * endpoint is where the relay will POST, so it must be a push service: `https:` only, or
 * `http://127.0.0.1` when the relay runs with GATEHOUSE_PUSH_ALLOW_INSECURE=1 (local tests).
 */

const maxEndpointChars = 2048;

function endpointProblem(value: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'endpoint must be an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'endpoint must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (allowInsecure && url.protocol === 'http:' && url.hostname === '127.0.0.1') return null;
  return allowInsecure ? 'endpoint must be https: (or http://127.0.0.1)' : 'endpoint must be https:';
}

const base64UrlBytes = (bytes: number, what: string) =>
  z.string().refine((text) => {
    const decoded = fromBase64Url(text);
    return decoded !== null && decoded.length === bytes && (bytes !== 65 || decoded[0] === 0x04);
  }, `${what} must be ${bytes} bytes of base64url`);

export function subscriptionRequest(allowInsecure: boolean) {
  return z.object({
    endpoint: z
      .string()
      .max(maxEndpointChars)
      .superRefine((value, ctx) => {
        const problem = endpointProblem(value, allowInsecure);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: base64UrlBytes(65, 'keys.p256dh (an uncompressed P-256 point)'),
      auth: base64UrlBytes(16, 'keys.auth'),
    }),
    label: z.string().max(limits.labelLength).optional(),
  });
}
export const SubscriptionRequest = subscriptionRequest(false);
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

export const allowsInsecure = (env: { GATEHOUSE_PUSH_ALLOW_INSECURE?: string }) =>
  env.GATEHOUSE_PUSH_ALLOW_INSECURE === '1';

/** What `GET /push/subscriptions` shows of one: never its keys. */
export const SubscriptionInfo = z.object({
  id: z.string(),
  label: z.string().nullable(),
  /** The push service's origin, enough to tell devices apart, without the capability URL. */
  service: z.string(),
  createdAt: z.string(),
  lastDeliveredAt: z.string().nullable(),
  /**
   * When this device last acknowledged showing a push. A device the push service keeps taking
   * pushes for (`lastDeliveredAt` recent) that shows none is a dead subscription.
   */
  lastShownAt: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;
export const SubscriptionList = z.object({ subscriptions: z.array(SubscriptionInfo) });

const iso = (ms: number) => new Date(ms).toISOString();

/** One stored device as `GET /push/subscriptions` shows it. */
export const subscriptionInfo = (row: SubscriptionRow): SubscriptionInfo => ({
  id: row.id,
  label: row.label,
  service: new URL(row.endpoint).origin,
  createdAt: iso(row.created_at),
  lastDeliveredAt: row.last_delivered_at === null ? null : iso(row.last_delivered_at),
  lastShownAt: row.last_shown_at == null ? null : iso(row.last_shown_at),
});

/**
 * `PATCH /push/subscriptions/{id}`: a device's new name, as a person would type it — trimmed,
 * 1 to 100 characters, one line (no control or format characters, so it shows as one line in
 * "shown on …").
 */
export const SubscriptionRename = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, 'label must not be empty')
    .max(limits.labelLength, `label must be at most ${limits.labelLength} characters`)
    .refine((label) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(label), 'label must be one line of text'),
});
