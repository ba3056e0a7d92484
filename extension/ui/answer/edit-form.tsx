import './answer.css';
import { useState } from 'preact/hooks';
import type { ToolInput } from '../../../shared/contract/index.ts';
import { editedInput, editFields } from './edit-fields.ts';

interface EditFormProps {
  tool: string;
  input: unknown;
  sending: boolean;
  /** The edited input, or null when nothing was changed (a plain approval). */
  onApprove(updatedInput: ToolInput | null): void;
  onCancel(): void;
}

/**
 * "Edit, then approve": the command (Bash) or each string field in a box of its own, and an
 * Approve once that sends what is in the boxes. The relay decides the edited call again; when it
 * refuses (a deny rule matches what was written), the card says why and this form stays as it was.
 */
export function EditForm({ tool, input, sending, onApprove, onCancel }: EditFormProps) {
  const fields = editFields(tool, input);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, field.value])),
  );
  const changed = editedInput(tool, input, values) !== null;
  return (
    <form
      class="edit-form"
      data-testid="edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        onApprove(editedInput(tool, input, values));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      {fields.map((field) => (
        <label key={field.key} class="edit-field">
          <span class="edit-key">{tool === 'Bash' ? 'Command' : field.key}</span>
          <textarea
            class={field.code ? 'edit-value edit-value--code' : 'edit-value'}
            data-testid="edit-field"
            data-field={field.key}
            spellcheck={false}
            rows={Math.min(8, Math.max(2, field.value.split('\n').length))}
            value={values[field.key] ?? ''}
            disabled={sending}
            onInput={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.key]: value }));
            }}
          />
        </label>
      ))}
      <p class="quiet" data-testid="edit-note">
        {changed
          ? 'The relay checks the edited call again before it runs; deny rules still apply.'
          : 'Nothing changed yet: approving sends the call as the agent wrote it.'}
      </p>
      <div class="actions">
        <button type="submit" class="action action--allow" data-action="edit-approve" disabled={sending}>
          {changed ? 'Approve edited call once' : 'Approve once'}
        </button>
        <button type="button" class="action" data-action="edit-cancel" disabled={sending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
