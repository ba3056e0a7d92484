import { categoriesLabel, decisionBadge, evaluatorLabel, outcomeLabel } from '../../shared/badges/index.ts';
import type { ToolPermissionDecision } from '../../shared/contract/index.ts';
import type { InboxState } from '../ui/port.ts';
import type { DockState } from './messages.ts';
import { argumentPreview } from './preview.ts';

/**
 * What the dock (a content script inside web pages) gets to see: the most urgent request only,
 * as display-ready plain strings. No token, no relay address, no other sessions, and no full
 * arguments — a one-line preview is enough to recognise the call in a compact bar.
 */

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The seed's dock line: evaluator, confidence, categories, reviewer model, and the AI's recommendation. */
export function dockSummary(decision: ToolPermissionDecision): string {
  const parts = [evaluatorLabel(decision, 'dock')];
  if (decision.confidence) parts.push(`${capitalize(decision.confidence)} confidence`);
  if (decision.riskCategories?.length) parts.push(categoriesLabel(decision.riskCategories));
  if (decision.reviewerModel) parts.push(decision.reviewerModel);
  if (decision.source === 'auto_classifier') parts.push(`AI recommendation: ${outcomeLabel(decision)}`);
  return parts.join(' · ');
}

export function dockStateFor(state: InboxState): DockState {
  if (state.connection === 'unpaired') return { request: null };
  // Sessions arrive most urgent first.
  const session = state.sessions.find((view) => view.activeInteraction !== null);
  const interaction = session?.activeInteraction;
  if (!session || !interaction) return { request: null };
  return {
    request: {
      sessionId: session.sessionId,
      interactionId: interaction.interactionId,
      sessionTitle: session.title || session.sessionId,
      tool: interaction.tool,
      risk: interaction.decision.risk,
      badge: decisionBadge(interaction.decision),
      summary: dockSummary(interaction.decision),
      preview: argumentPreview(interaction.input, 160),
      canApprove: interaction.actions.some((action) => action.id === 'allow_once'),
      canDeny: interaction.actions.some((action) => action.id === 'deny'),
    },
  };
}
