import './answer.css';
import { useState } from 'preact/hooks';
import type { Choice } from './answer-choice.ts';
import type { LearnedOffer } from './learned-offer.ts';

interface LearnedLineProps {
  offer: LearnedOffer;
  sending: boolean;
  /** "Always" with the learned rule, through the card's usual choice (and confirm step). */
  onAccept(choice: Choice): void;
  /** POST /suggestions/decline; resolves to the relay's refusal in words, or null once declined. */
  onDecline(rule: string): Promise<string | null>;
}

/**
 * "You approved `npm test` 3 times — allow `Bash(npm test:*)` always?", what the rule covers,
 * and two answers: the rule always (as the menu's Always with that rule), or "Not this", which
 * stops the offer for the rule in the workspace.
 */
export function LearnedLine({ offer, sending, onAccept, onDecline }: LearnedLineProps) {
  const [declined, setDeclined] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (declined) return null;

  async function decline(): Promise<void> {
    setDeclining(true);
    const refused = await onDecline(offer.rule);
    setDeclining(false);
    if (refused === null) setDeclined(true);
    else setError(`Not declined: ${refused}`);
  }

  return (
    <div class="learned" data-testid="learned-offer" data-rule={offer.rule}>
      <p class="learned-question" data-testid="learned-question">
        You approved <code>{offer.subject}</code> {offer.approvals} times — allow <code>{offer.rule}</code>{' '}
        always?
      </p>
      <p class="covers quiet" data-testid="learned-covers">
        Covers {offer.covers}
      </p>
      <div class="actions">
        <button
          type="button"
          class="action action--allow"
          data-action="learned-accept"
          disabled={sending || declining}
          onClick={() => onAccept(offer.choice)}
        >
          Always allow {offer.rule}
        </button>
        <button
          type="button"
          class="action"
          data-action="learned-decline"
          disabled={sending || declining}
          onClick={() => void decline()}
        >
          Not this
        </button>
      </div>
      {error && (
        <p class="error" role="alert" data-testid="learned-error">
          {error}
        </p>
      )}
    </div>
  );
}
