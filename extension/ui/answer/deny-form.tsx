import './answer.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { limits } from '../../../shared/contract/limits.ts';

interface DenyFormProps {
  sending: boolean;
  onConfirm(comment: string): void;
  onCancel(): void;
}

/**
 * Deny with an optional comment for the agent. Enter confirms (Shift+Enter is a new line),
 * Escape cancels; the comment field takes focus when the form opens, by click or by `d`.
 */
export function DenyForm({ sending, onConfirm, onCancel }: DenyFormProps) {
  const [comment, setComment] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div class="deny-form">
      <textarea
        ref={field}
        data-testid="deny-comment"
        aria-label="Why (optional, sent to the agent)"
        placeholder="Why? (optional, sent to the agent)"
        rows={2}
        maxLength={limits.commentLength}
        value={comment}
        disabled={sending}
        onInput={(event) => setComment(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            if (!sending) onConfirm(comment);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div class="actions">
        <button
          type="button"
          class="action action--deny"
          data-action="deny-confirm"
          disabled={sending}
          onClick={() => onConfirm(comment)}
        >
          Deny
        </button>
        <button type="button" class="action" data-action="deny-cancel" disabled={sending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
