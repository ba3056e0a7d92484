import { capitalize, categoriesLabel, evaluatorLabel, outcomeLabel } from '../../../shared/badges/words.ts';
import type { ToolPermissionDecision } from '../../../shared/contract/index.ts';

/**
 * The one secondary line under a request's badge (the seed's approval dock): who evaluated it
 * in the dock's words, the classifier's confidence (named as confidence, never as risk), the
 * risk categories, the reviewer model, and — when a classifier decided — its recommendation,
 * labelled as the AI's so nobody mistakes it for a rule.
 */
export function summaryLine(decision: ToolPermissionDecision): string {
  const parts = [evaluatorLabel(decision, 'dock')];
  if (decision.confidence) parts.push(`${capitalize(decision.confidence)} confidence`);
  if (decision.riskCategories?.length) parts.push(categoriesLabel(decision.riskCategories));
  if (decision.reviewerModel) parts.push(decision.reviewerModel);
  if (decision.source === 'auto_classifier') parts.push(`AI recommendation: ${outcomeLabel(decision)}`);
  return parts.join(' · ');
}
