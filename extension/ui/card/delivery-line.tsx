import './card.css';
import type { SessionView } from '../../../shared/contract/index.ts';

/**
 * How the question reached the approver's phones (docs/push.md "Known to arrive"): "Sent to
 * phones" once a push service took a push of it, "sent · shown on Pixel 2 s later" once a device
 * acknowledged showing it. Nothing while no push went out (held while the approver is here).
 */
export function deliveryText(session: SessionView, interactionId: string): string | null {
  const delivery = session.delivery;
  if (!delivery || delivery.interactionId !== interactionId) return null;
  if (delivery.shown)
    return `sent · shown on ${delivery.shown.device} ${delivery.shown.afterSeconds} s later`;
  return delivery.sentAt ? 'sent to phones · not shown yet' : null;
}

export function DeliveryLine({ session, interactionId }: { session: SessionView; interactionId: string }) {
  const text = deliveryText(session, interactionId);
  if (!text) return null;
  return (
    <p class="delivery quiet" data-testid="delivery">
      {text}
    </p>
  );
}
