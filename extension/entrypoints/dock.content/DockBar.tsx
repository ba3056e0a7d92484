import { useState } from 'preact/hooks';
import type { DockRequest, DockState } from '../../lib/messages.ts';
import { sendRequest } from '../../lib/send-request.ts';

type Outcome =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'refused'; refusal: string; message: string };

const refusalTestId: Record<string, string> = {
  answered_elsewhere: 'answered-elsewhere',
  expired: 'expired',
};

/** The bar itself; hidden when nothing waits or the user dismissed this request here. */
export function DockBar({ state }: { state: DockState }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const request = state.request;
  if (!request || dismissed.has(request.interactionId)) return null;
  return (
    <DockCard
      key={request.interactionId}
      request={request}
      onDismiss={() => setDismissed(new Set([...dismissed, request.interactionId]))}
    />
  );
}

function DockCard({ request, onDismiss }: { request: DockRequest; onDismiss(): void }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  // Only a real user's click counts: a page can dispatch synthetic events at anything it can reach.
  const trusted = (event: Event, act: () => void) => {
    if (!event.isTrusted) return;
    act();
  };

  async function answer(decision: 'approve' | 'reject') {
    setOutcome({ state: 'sending' });
    const result = await sendRequest({
      type: 'respond',
      sessionId: request.sessionId,
      interactionId: request.interactionId,
      answer: decision === 'approve' ? { decision, scope: 'once' } : { decision },
    });
    // On success the background's next push takes this request away.
    if ('ok' in result && result.ok === false)
      setOutcome({ state: 'refused', refusal: result.refusal, message: result.message });
  }

  const sending = outcome.state === 'sending';
  return (
    <article
      class="dock"
      data-testid="request"
      data-session-id={request.sessionId}
      data-interaction-id={request.interactionId}
      data-risk={request.risk}
      aria-label="Gatehouse approval request"
    >
      <div class="head">
        <span class="tool" data-testid="tool">
          {request.tool}
        </span>
        {request.badge && (
          <span class="badge" data-testid="badge" data-color={request.badge.color}>
            {request.badge.label}
          </span>
        )}
        <button
          type="button"
          class="dismiss"
          data-testid="dismiss"
          title="Hide this request here"
          aria-label="Hide this request here"
          onClick={(event) => trusted(event, onDismiss)}
        >
          ×
        </button>
      </div>
      <div class="session">
        <span class="brand">Gatehouse</span> · <span data-testid="session-title">{request.sessionTitle}</span>
      </div>
      <div class="preview" data-testid="preview" title={request.preview}>
        {request.preview}
      </div>
      <div class="summary" data-testid="summary">
        {request.summary}
      </div>
      {request.needsPasskey && (
        <p class="passkey" data-testid="dock-needs-passkey">
          Needs your passkey: approve in the toolbar popup.
        </p>
      )}
      {outcome.state === 'refused' && (
        <p class="refusal" data-testid={refusalTestId[outcome.refusal] ?? 'action-error'}>
          {outcome.refusal === 'answered_elsewhere'
            ? 'Already answered elsewhere.'
            : outcome.refusal === 'expired'
              ? 'This request expired.'
              : outcome.message}
        </p>
      )}
      <div class="actions">
        {request.canApprove && (
          <button
            type="button"
            class="approve"
            data-action="allow_once"
            disabled={sending}
            onClick={(event) => trusted(event, () => void answer('approve'))}
          >
            Approve once
          </button>
        )}
        {request.canDeny && (
          <button
            type="button"
            class="deny"
            data-action="deny"
            disabled={sending}
            onClick={(event) => trusted(event, () => void answer('reject'))}
          >
            Deny
          </button>
        )}
      </div>
    </article>
  );
}
