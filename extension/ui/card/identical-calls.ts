import type { Interaction } from '../../../shared/contract/index.ts';
import { type Card, cardKey } from './card-order.ts';

/**
 * Identical questions waiting in several sessions — the same tool with the same input — can be
 * answered together (POST /interaction-respond-many, docs/approver-ui.md "Answering together").
 * Only inputs the relay marked whole (`editable`: nothing redacted or truncated) are compared:
 * two display copies that read the same may hide different secrets or cut different tails.
 */

/** JSON with every object's keys sorted, so equal inputs give equal text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two questions the same call, or null when this one cannot be compared. */
export function callIdentity(interaction: Pick<Interaction, 'tool' | 'input' | 'editable'>): string | null {
  if (interaction.editable !== true) return null;
  return `${interaction.tool}\n${canonical(interaction.input)}`;
}

/**
 * For each card that shares its call with at least one other (live, answerable per `canAnswer`),
 * the whole group in the cards' order; cards alone are absent.
 */
export function identicalGroups(
  cards: readonly Card[],
  canAnswer: (card: Card) => boolean,
): Map<string, Card[]> {
  const byCall = new Map<string, Card[]>();
  for (const card of cards) {
    if (!card.live || !canAnswer(card)) continue;
    const identity = callIdentity(card.interaction);
    if (identity === null) continue;
    byCall.set(identity, [...(byCall.get(identity) ?? []), card]);
  }
  const groups = new Map<string, Card[]>();
  for (const group of byCall.values()) {
    if (group.length < 2) continue;
    for (const card of group) groups.set(cardKey(card), group);
  }
  return groups;
}
