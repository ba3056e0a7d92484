import './card.css';
import type { PromptRef } from '../../../shared/contract/index.ts';
import { promptText } from './prompt-text.ts';

/**
 * "Asked for: …" under the card's title: the user's request this question belongs to, as plain
 * text, with the reminder that the agent reported it (nothing on the relay can check it).
 */
export function PromptLine({ prompt, expanded }: { prompt: PromptRef | undefined; expanded: boolean }) {
  const shown = promptText(prompt, expanded);
  if (!shown) return null;
  return (
    <div class="asked-for" data-testid="asked-for">
      <p class="asked-for-line">
        <span class="asked-for-label">Asked for: </span>
        <span class="asked-for-text" data-testid="prompt-text">
          {shown.text}
        </span>
      </p>
      <p class="asked-for-note quiet" data-testid="prompt-note">
        as reported by the agent{shown.cut && !expanded ? ' · Details shows all' : ''}
      </p>
    </div>
  );
}
