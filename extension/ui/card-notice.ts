import { decisionBadge } from '../../shared/badges/index.ts';
import type { Interaction } from '../../shared/contract/index.ts';
import type { PortResult } from './port.ts';

/** What a card says about an answer that did not go through, or about a question that went away. */
export interface CardNotice {
  kind: 'answered-elsewhere' | 'expired' | 'action-error';
  text: string;
}

/** Whether the notice ends the card's question: no more actions, only dismiss. */
export const isFinal = (notice: CardNotice | null) => notice !== null && notice.kind !== 'action-error';

/**
 * A question that ended without this UI: "Answered elsewhere", with how it ended when known
 * ("Answered elsewhere · User approved"). One that timed out or that the agent withdrew was not
 * answered by anybody, and says so ("No longer waiting · Expired").
 */
export function answeredElsewhere(interaction?: Pick<Interaction, 'decision' | 'resolution'>): CardNotice {
  const resolution = interaction?.resolution;
  if (!interaction || !resolution) return { kind: 'answered-elsewhere', text: 'Answered elsewhere' };
  const label = decisionBadge(interaction.decision, resolution)?.label ?? 'Answered';
  const lead = resolution.source === 'user' ? 'Answered elsewhere' : 'No longer waiting';
  return { kind: 'answered-elsewhere', text: `${lead} · ${label}` };
}

type Failure = Extract<PortResult<unknown>, { ok: false }>;

/** A refused answer → what the card shows. Only an error worth retrying keeps the actions. */
export function noticeFor(failure: Failure): CardNotice {
  switch (failure.refusal) {
    case 'answered_elsewhere':
      return answeredElsewhere(failure.interaction);
    case 'expired':
      return { kind: 'expired', text: 'Expired: nobody answered in time, so the agent was denied.' };
    case 'unpaired':
      return { kind: 'action-error', text: 'Not sent: this approver is no longer paired with the relay.' };
    default:
      return { kind: 'action-error', text: `Not sent: ${failure.message}` };
  }
}
