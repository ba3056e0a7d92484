import type { Interaction, SessionView } from '../../../shared/contract/index.ts';
import type { Connection } from '../port.ts';

/** One request card: a session's active interaction, or one that went away while it was shown. */
export interface Card {
  session: SessionView;
  interaction: Interaction;
  /** False once the inbox no longer has it: answered elsewhere, expired or withdrawn. */
  live: boolean;
}

export const cardKey = (card: Card) => card.interaction.interactionId;

/** The inbox's sessions (most urgent first) → one live card per active interaction, same order. */
export function liveCards(sessions: readonly SessionView[]): Card[] {
  const cards: Card[] = [];
  for (const session of sessions) {
    if (session.activeInteraction)
      cards.push({ session, interaction: session.activeInteraction, live: true });
  }
  return cards;
}

/**
 * The cards to show after an inbox update. Live cards come in the inbox's order. A card that
 * was shown and left the inbox without being answered here stays where it was, marked not
 * live, so a person reading it sees it was answered elsewhere instead of watching it vanish;
 * `forget` drops the ones answered here or dismissed.
 *
 * Only a live inbox is authoritative. While connecting or unreachable the last known cards
 * stay as they are (nothing is declared answered on a dropped socket's word), and unpaired
 * shows nothing.
 */
export function arrangeCards(
  previous: readonly Card[],
  connection: Connection,
  sessions: readonly SessionView[],
  forget: (interactionId: string) => boolean,
): Card[] {
  if (connection === 'unpaired') return [];
  const authoritative = connection === 'live';
  const fresh = liveCards(sessions);
  const freshKeys = new Set(fresh.map(cardKey));
  const cards = [...fresh];
  previous.forEach((card, index) => {
    const key = cardKey(card);
    if (freshKeys.has(key) || forget(key)) return;
    const kept = authoritative && card.live ? { ...card, live: false } : card;
    cards.splice(Math.min(index, cards.length), 0, kept);
  });
  return cards;
}
