import type { ToolPermissionDecision, ToolPermissionResolution } from '../contract/index.ts';
import { redactText } from '../redact/redact-text.ts';

/** `high` → `High`: how risk and confidence read in labels. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Whether Full Access let the call through. Either field saying so is enough: the UI must
 * never present such a call as reviewed, so an inconsistent decision fails toward "Not reviewed".
 */
export function isFullAccess(decision: ToolPermissionDecision): boolean {
  return decision.source === 'full_access' || decision.evaluator === 'full_access';
}

/** What decided, as the UI names it. The approval dock says "Auto reviewer"; the expanded view "Security reviewer". */
export function evaluatorLabel(
  decision: ToolPermissionDecision,
  surface: 'section' | 'dock' = 'section',
): string {
  if (isFullAccess(decision)) return 'Full Access';
  const evaluator =
    decision.evaluator ?? (decision.source === 'auto_classifier' ? 'auto_reviewer' : decision.source);
  switch (evaluator) {
    case 'auto_reviewer':
      return surface === 'dock' ? 'Auto reviewer' : 'Security reviewer';
    case 'rule':
      return 'Rule';
    default:
      return 'Policy';
  }
}

/** The decision's outcome in words: `Auto allowed`, `Rule allowed`, `Review required`, `Denied`, … */
export function outcomeLabel(decision: ToolPermissionDecision): string {
  if (decision.behavior === 'deny') return 'Denied';
  if (decision.behavior === 'ask') return 'Review required';
  if (isFullAccess(decision)) return 'Allowed without review';
  if (decision.source === 'auto_classifier') return 'Auto allowed';
  if (decision.source === 'rule') return 'Rule allowed';
  return 'Policy allowed';
}

/** How an escalation ended: `User allowed once`, `User allowed for session`, `Expired`, … */
export function resolutionLabel(resolution: ToolPermissionResolution): string {
  if (resolution.source === 'timeout') return 'Expired';
  if (resolution.source === 'cancel') return 'Canceled';
  if (resolution.behavior === 'deny') return 'User denied';
  switch (resolution.scope) {
    case 'session':
      return 'User allowed for session';
    case 'global':
      return 'User allowed always';
    default:
      return 'User allowed once';
  }
}

/** `secret_exposure` → `Secret exposure`; `None` when there are none. */
export function categoriesLabel(categories: readonly string[] | undefined): string {
  if (!categories || categories.length === 0) return 'None';
  return categories.map((category) => capitalize(category.replaceAll('_', ' '))).join(', ');
}

/**
 * A reason as shown: redacted (reviewer output is untrusted and might echo a secret) and, for
 * the collapsed tooltip, cut to `max` characters. Plain text; the UI must never parse it as markup.
 */
export function reasonText(reason: string, max?: number): string {
  const text = redactText(reason);
  return max !== undefined && text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
