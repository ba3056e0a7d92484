import './card.css';
import type { ActionKey } from '../answer/card-actions.ts';
import type { CardUi } from '../approver-state.ts';
import { answeredElsewhere, isFinal } from './card-notice.ts';

/** What the card says once an answer was accepted, before it leaves. */
export const sentText: Record<ActionKey, string> = {
  allow_once: 'Sent · Approved once',
  allow_session: 'Sent · Approved for this session',
  allow_always: 'Sent · Approved always',
  deny: 'Sent · Denied',
};

/** What became of the card's question: on its way, sent, refused, or ended elsewhere. */
export function CardStatus({ ui, live }: { ui: CardUi; live: boolean }) {
  if (ui.sending)
    return (
      <p class="card-status" role="status">
        Sending…
      </p>
    );
  if (ui.sent)
    return (
      <p class="card-status" data-testid="sent" role="status">
        {[sentText[ui.sent], ...ui.sentDetail].join(' · ')}
      </p>
    );
  // A question that left the inbox without our answer says so, whatever else happened to it.
  const notice = !live && !isFinal(ui.notice) ? answeredElsewhere() : ui.notice;
  if (notice)
    return (
      <p class={`card-status card-status--${notice.kind}`} data-testid={notice.kind} role="status">
        {notice.text}
      </p>
    );
  return null;
}
