import { useEffect, useRef } from 'preact/hooks';
import type { Risk } from '../../shared/contract/index.ts';
import type { Choice } from './answer-choice.ts';
import { confirmLabel, confirmQuestion } from './friction.ts';

interface ConfirmAnswerProps {
  choice: Choice;
  tool: string;
  risk: Risk;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The second step of a wider answer: what it allows, a confirm button that says so, and Cancel.
 * The box takes focus (so Tab reaches the button next) but the button does not: a key pressed
 * twice must not confirm. Escape cancels.
 */
export function ConfirmAnswer({ choice, tool, risk, sending, onConfirm, onCancel }: ConfirmAnswerProps) {
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <fieldset
      ref={box}
      class="confirm"
      data-testid="confirm"
      data-confirming={choice.action}
      data-rules={choice.rules?.join(' + ')}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p class="confirm-question" data-testid="confirm-question">
        {confirmQuestion(choice, risk)}
      </p>
      <div class="actions">
        <button
          type="button"
          class="action action--confirm"
          data-action="confirm"
          disabled={sending}
          onClick={onConfirm}
        >
          {confirmLabel(choice, tool)}
        </button>
        <button
          type="button"
          class="action"
          data-action="confirm-cancel"
          disabled={sending}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
