import type { Interaction, ToolPermissionResolution } from '../../../shared/contract/index.ts';
import type { PortResult } from '../port.ts';

/** What a card says about an answer that did not go through, or about a question that went away. */
export interface CardNotice {
  kind: 'answered-elsewhere' | 'expired' | 'withdrawn' | 'ended' | 'action-error';
  text: string;
}

/** Whether the notice ends the card's question: no more actions, the card folds. */
export const isFinal = (notice: CardNotice | null) => notice !== null && notice.kind !== 'action-error';

/**
 * Who answered, when the relay names them (`resolution.actor.label`, e.g. "Phone"). Read
 * loosely: older relays send no actor, and a label is shown only as text.
 */
export function actorLabel(resolution: ToolPermissionResolution | undefined): string | null {
  const actor = (resolution as { actor?: unknown } | undefined)?.actor;
  const label =
    typeof actor === 'object' && actor !== null ? (actor as { label?: unknown }).label : undefined;
  return typeof label === 'string' && label.trim() !== '' ? label : null;
}

/** An approver's answer in the words of a folded card: `approved once`, `denied`, … */
export function answerWords(resolution: Pick<ToolPermissionResolution, 'behavior' | 'scope'>): string {
  if (resolution.behavior === 'deny') return 'denied';
  if (resolution.scope === 'session') return 'approved for this session';
  if (resolution.scope === 'global') return 'approved always';
  return 'approved once';
}

/** The one grey line a question that expired shows. Expiry denies (DESIGN §6). */
export const expiredNotice: CardNotice = { kind: 'expired', text: 'Expired — the agent was denied' };

/** A question left the inbox and nobody has said how it ended yet. */
export const endedNotice: CardNotice = { kind: 'ended', text: 'No longer waiting' };

/**
 * A question that ended without this UI, in one line saying what happened: "Answered
 * elsewhere — approved once · Phone", "Expired — the agent was denied", "Withdrawn — the agent
 * stopped waiting". Without a resolution, only that it is no longer waiting.
 */
export function answeredElsewhere(interaction?: Pick<Interaction, 'resolution'>): CardNotice {
  const resolution = interaction?.resolution;
  if (!resolution) return endedNotice;
  if (resolution.source === 'timeout')
    return resolution.behavior === 'deny'
      ? expiredNotice
      : { kind: 'expired', text: 'Expired — the agent was allowed' };
  if (resolution.source === 'cancel')
    return { kind: 'withdrawn', text: 'Withdrawn — the agent stopped waiting' };
  const actor = actorLabel(resolution);
  return {
    kind: 'answered-elsewhere',
    text: `Answered elsewhere — ${answerWords(resolution)}${actor ? ` · ${actor}` : ''}`,
  };
}

type Failure = Extract<PortResult<unknown>, { ok: false }>;

/** A refused answer → what the card shows. Only an error worth retrying keeps the actions. */
export function noticeFor(failure: Failure): CardNotice {
  switch (failure.refusal) {
    case 'answered_elsewhere': {
      const notice = answeredElsewhere(failure.interaction);
      // A 409 says somebody else answered, even when it does not say how.
      return notice.kind === 'ended' ? { kind: 'answered-elsewhere', text: 'Answered elsewhere' } : notice;
    }
    case 'expired':
      return expiredNotice;
    case 'unpaired':
      return { kind: 'action-error', text: 'Not sent: this approver is no longer paired with the relay.' };
    default:
      return { kind: 'action-error', text: `Not sent: ${failure.message}` };
  }
}
