import './answer.css';
import { useState } from 'preact/hooks';
import type { Interaction } from '../../../shared/contract/index.ts';
import { ActionBar } from './action-bar.tsx';
import { answerMenu, type Choice } from './answer-choice.ts';
import type { ActionKey } from './card-actions.ts';
import { EditForm } from './edit-form.tsx';
import { type TimeBox, timeBoxes, timeBoxLabel } from './time-box.ts';

interface AnswerMenuProps {
  interaction: Interaction;
  sending: ActionKey | null;
  onChoose(choice: Choice): void;
}

const scopeWords = { allow_session: 'For this session', allow_always: 'Always' } as const;

/**
 * A card's answers: the exact-call buttons, what they cover, a time box for the wider ones, the
 * rules the relay suggested (each shown as the text it saves and what it covers, before it is
 * saved), and "Edit, then approve" where the input may be edited. Nothing here sends by itself:
 * every press is a choice the approver checks for its confirm step.
 */
export function AnswerMenu({ interaction, sending, onChoose }: AnswerMenuProps) {
  const menu = answerMenu(interaction);
  const [timeBox, setTimeBox] = useState<TimeBox>('none');
  const [editing, setEditing] = useState(false);
  const busy = sending !== null;
  const boxed = (choice: Choice): Choice =>
    choice.action === 'allow_session' || choice.action === 'allow_always' ? { ...choice, timeBox } : choice;

  if (editing)
    return (
      <EditForm
        tool={interaction.tool}
        input={interaction.input}
        sending={busy}
        onApprove={(updatedInput) =>
          onChoose(updatedInput === null ? { action: 'allow_once' } : { action: 'allow_once', updatedInput })
        }
        onCancel={() => setEditing(false)}
      />
    );

  return (
    <div class="answer-menu" data-testid="answer-menu">
      <ActionBar actions={menu.exact} sending={sending} onAction={(action) => onChoose(boxed({ action }))} />
      {menu.exactCovers && (
        <p class="covers quiet" data-testid="exact-covers">
          {menu.exactCovers}
        </p>
      )}
      {menu.timeBox && (
        <label class="time-box">
          <span>Lasts</span>
          <select
            data-testid="time-box"
            value={timeBox}
            disabled={busy}
            onChange={(event) => setTimeBox(event.currentTarget.value as TimeBox)}
          >
            {timeBoxes.map((box) => (
              <option key={box} value={box}>
                {timeBoxLabel[box]}
              </option>
            ))}
          </select>
        </label>
      )}
      {menu.rules.length > 0 && (
        <ul class="rule-options" data-testid="rule-options" aria-label="Allow by a rule">
          {menu.rules.map((option) => (
            <li key={option.text} class="rule-option" data-testid="rule-option" data-rules={option.text}>
              <p>
                Allow <code data-testid="rule-text">{option.text}</code>
              </p>
              <p class="covers quiet" data-testid="rule-covers">
                Covers {option.covers}
              </p>
              <div class="actions">
                {option.actions.map((action) => (
                  <button
                    key={action}
                    type="button"
                    class="action action--allow"
                    data-action={`rule_${action.slice('allow_'.length)}`}
                    disabled={busy}
                    onClick={() => onChoose(boxed({ action, rules: option.rules }))}
                  >
                    {scopeWords[action]}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {menu.edit && (
        <button
          type="button"
          class="link"
          data-action="edit"
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          Edit, then approve
        </button>
      )}
    </div>
  );
}
