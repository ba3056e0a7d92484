import './answer.css';
import type { ActionKey, CardAction } from './card-actions.ts';

interface ActionBarProps {
  actions: readonly CardAction[];
  /** The answer on its way, if any: every button is disabled meanwhile. */
  sending: ActionKey | null;
  onAction(action: ActionKey): void;
}

/** Approve once / for this session / always, and Deny (which opens the comment form). */
export function ActionBar({ actions, sending, onAction }: ActionBarProps) {
  return (
    <fieldset class="actions" data-testid="action-bar" aria-label="Answer">
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          class={action.key === 'deny' ? 'action action--deny' : 'action action--allow'}
          data-action={action.key}
          disabled={sending !== null}
          aria-busy={sending === action.key}
          onClick={() => onAction(action.key)}
        >
          {action.label}
        </button>
      ))}
    </fieldset>
  );
}
