import type { CardUi } from './approver-state.ts';
import type { ActionKey } from './card-actions.ts';
import { answeredElsewhere, isFinal } from './card-notice.ts';

const sentText: Record<ActionKey, string> = {
  allow_once: 'Approved once',
  allow_session: 'Approved for this session',
  allow_always: 'Approved always',
  deny: 'Denied',
};

/** What became of the card's question: on its way, sent, refused, or ended elsewhere. */
export function CardStatus({ ui, live }: { ui: CardUi; live: boolean }) {
  if (ui.sending)
    return (
      <p class="card-status" role="status">
        Sending…
      </p>
    );
  // A question that left the inbox without our answer says so, whatever else happened to it.
  const notice = !live && !ui.sent && !isFinal(ui.notice) ? answeredElsewhere() : ui.notice;
  if (notice)
    return (
      <p class={`card-status card-status--${notice.kind}`} data-testid={notice.kind} role="status">
        {notice.text}
      </p>
    );
  if (ui.sent)
    return (
      <p class="card-status" data-testid="sent" role="status">
        {sentText[ui.sent]}
      </p>
    );
  return null;
}
