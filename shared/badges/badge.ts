import type { ToolPermissionDecision, ToolPermissionResolution } from '../contract/index.ts';
import type { Badge } from './types.ts';
import { capitalize, isFullAccess } from './words.ts';

/** The badge of an escalation the user (or the clock, or the agent) has ended. */
function resolutionBadge(resolution: ToolPermissionResolution): Badge {
  if (resolution.source === 'timeout') return { label: 'Expired', color: 'red' };
  if (resolution.source === 'cancel') return { label: 'Canceled', color: 'neutral' };
  return resolution.behavior === 'allow'
    ? { label: 'User approved', color: 'blue' }
    : { label: 'User denied', color: 'red' };
}

/**
 * The compact badge beside a tool call (the seed's table), or `null` for a routine read-only
 * policy allow unless `verbose`. Decided where the seed is silent:
 * - a rule allow reads "Rule allowed" (neutral), so explicit rules stay distinguishable from
 *   both policy and classifier allows;
 * - an Auto allow without a reported confidence reads "Auto allowed" (no invented confidence);
 * - a resolution counts only for an `ask` (it is the end of an escalation): a timeout reads
 *   "Expired" (red — it was denied), an agent's cancel "Canceled" (neutral — nothing ran);
 * - Full Access wins over every other allow label, whichever of `source`/`evaluator` says so.
 */
export function decisionBadge(
  decision: ToolPermissionDecision,
  resolution?: ToolPermissionResolution,
  opts?: { verbose?: boolean },
): Badge | null {
  if (decision.behavior === 'ask' && resolution) return resolutionBadge(resolution);
  if (decision.behavior === 'deny') return { label: `Denied · ${capitalize(decision.risk)}`, color: 'red' };
  if (decision.behavior === 'ask')
    return { label: `Review required · ${capitalize(decision.risk)}`, color: 'amber' };
  if (isFullAccess(decision)) return { label: 'Full Access · Not reviewed', color: 'violet' };
  if (decision.source === 'auto_classifier') {
    const label = decision.confidence
      ? `Auto allowed · ${capitalize(decision.confidence)} conf`
      : 'Auto allowed';
    return { label, color: 'green' };
  }
  if (decision.source === 'rule') return { label: 'Rule allowed', color: 'neutral' };
  if (decision.risk === 'safe' && !opts?.verbose) return null;
  return { label: 'Policy allowed', color: 'neutral' };
}
