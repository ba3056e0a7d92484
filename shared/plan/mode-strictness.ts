import type { Mode } from '../contract/index.ts';

/**
 * How much a mode lets through without a human, strictest first (DESIGN §5 "Layering"): plan and
 * dont_ask; then default and bubble; then accept_edits and auto; then bypass. Modes of one rank
 * are equally strict, so an agent may move between them on its own.
 */
const rank: Readonly<Record<Mode, number>> = {
  plan: 0,
  dont_ask: 0,
  default: 1,
  bubble: 1,
  accept_edits: 2,
  auto: 2,
  bypass: 3,
};

/** Whether `mode` lets through no more than `inForce` does: an agent may switch to it on its own. */
export const atLeastAsStrict = (mode: Mode, inForce: Mode): boolean => rank[mode] <= rank[inForce];
