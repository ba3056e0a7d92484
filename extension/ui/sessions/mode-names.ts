import type { Mode } from '../../../shared/contract/index.ts';

/**
 * The engine's modes in people's words, for sessions that declared no labels of their own (a
 * Claude Code hook's `acceptEdits`, a mode an approver granted). A declared label always wins:
 * the agent's own names are what its user knows.
 */
export const engineModeLabels: Readonly<Record<Mode, string>> = {
  default: 'Default',
  plan: 'Plan',
  accept_edits: 'Accept edits',
  bypass: 'Full Access',
  dont_ask: 'Don’t ask',
  auto: 'Auto',
  bubble: 'Bubble',
};

/** Claude Code's spellings of the engine's modes (shared/contract's `modeAliases`). */
const aliasLabels: Readonly<Record<string, string>> = {
  acceptEdits: engineModeLabels.accept_edits,
  dontAsk: engineModeLabels.dont_ask,
  bypassPermissions: engineModeLabels.bypass,
  full_access: engineModeLabels.bypass,
};

/** A mode id as people read it: the session's declared label, else the engine's, else the id. */
export function modeLabel(id: string, declared: ReadonlyMap<string, string>): string {
  return (
    declared.get(id) ??
    (Object.hasOwn(engineModeLabels, id) ? engineModeLabels[id as Mode] : undefined) ??
    (Object.hasOwn(aliasLabels, id) ? aliasLabels[id] : undefined) ??
    id
  );
}
