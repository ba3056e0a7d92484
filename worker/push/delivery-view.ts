import type { PushDelivery } from '../../shared/contract/index.ts';
import type { PushStore } from './store.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the inbox says of a question's pushes ("sent · shown on Pixel 2 s later"): the first push
 * a push service took, and the first device that showed one. Null when none went out.
 */
export function deliveryOf(store: PushStore, interactionId: string): PushDelivery | null {
  const sends = store.sendsOf(interactionId);
  const accepted = sends.flatMap((send) => (send.accepted_at === null ? [] : [send.accepted_at]));
  const shown = sends
    .filter((send) => send.shown_at !== null)
    .sort((a, b) => (a.shown_at ?? 0) - (b.shown_at ?? 0))[0];
  if (accepted.length === 0 && !shown) return null;
  const sentAt = accepted.length === 0 ? null : Math.min(...accepted);
  let device: string | null = null;
  if (shown) {
    const subscription = store.subscription(shown.subscription_id);
    device = subscription?.label ?? 'a removed device';
  }
  return {
    interactionId,
    sentAt: sentAt === null ? null : iso(sentAt),
    shown:
      shown?.shown_at == null
        ? null
        : {
            device: device ?? 'a device',
            at: iso(shown.shown_at),
            afterSeconds: Math.max(
              0,
              Math.round((shown.shown_at - (shown.accepted_at ?? shown.queued_at)) / 1000),
            ),
          },
  };
}
