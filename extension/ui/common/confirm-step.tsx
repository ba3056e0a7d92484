import './common.css';
import { useEffect, useRef } from 'preact/hooks';

interface ConfirmStepProps {
  /** The box's `data-testid`: `confirm` for an answer, `grant-confirm` for a grant. */
  testId: string;
  /** What is being confirmed, as a data attribute tests and styles can read. */
  confirming: string;
  /** The rules a wider answer saves, joined, as a data attribute (none for the others). */
  rules?: string;
  question: string;
  /** The confirm button's words: what pressing it gives. */
  confirmText: string;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The second step of a wider answer or grant: what it allows, a confirm button that says so,
 * and Cancel. The box takes focus (so Tab reaches the button next) but the button does not: a
 * key pressed twice must not confirm. Escape cancels.
 */
export function ConfirmStep(props: ConfirmStepProps) {
  const { testId, confirming, rules, question, confirmText, sending, onConfirm, onCancel } = props;
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <fieldset
      ref={box}
      class="confirm"
      data-testid={testId}
      data-confirming={confirming}
      data-rules={rules}
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
        {question}
      </p>
      <div class="actions">
        <button
          type="button"
          class="action action--confirm"
          data-action="confirm"
          disabled={sending}
          onClick={onConfirm}
        >
          {confirmText}
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
