import './answer.css';

export type BatchAction = 'allow_once' | 'deny';

interface BatchLineProps {
  /** How many sessions wait on this same call, this one included. */
  count: number;
  /** The answers every one of them offers. */
  actions: BatchAction[];
  sending: boolean;
  onAnswerAll(action: BatchAction): void;
}

const words: Record<BatchAction, (count: number) => string> = {
  allow_once: (count) => `Approve all ${count} once`,
  deny: (count) => `Deny all ${count}`,
};

/**
 * The same call waits in several sessions: answer all of them at once. Each is still answered
 * as if alone (checked, resolved and recorded on its own), and each card shows its own result.
 */
export function BatchLine({ count, actions, sending, onAnswerAll }: BatchLineProps) {
  if (actions.length === 0) return null;
  return (
    <div class="batch" data-testid="batch" data-count={count}>
      <p class="quiet">
        Answer all {count}: the same call waits in {count} sessions.
      </p>
      <div class="actions">
        {actions.map((action) => (
          <button
            type="button"
            key={action}
            class={`action ${action === 'deny' ? 'action--deny' : ''}`}
            data-action={`batch-${action}`}
            disabled={sending}
            onClick={() => onAnswerAll(action)}
          >
            {words[action](count)}
          </button>
        ))}
      </div>
    </div>
  );
}
