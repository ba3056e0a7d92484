import type { ToolPermissionDecision, ToolPermissionResolution } from '../contract/index.ts';
import type { DecisionRow, DecisionSection } from './types.ts';
import {
  capitalize,
  categoriesLabel,
  evaluatorLabel,
  isFullAccess,
  outcomeLabel,
  reasonText,
  resolutionLabel,
} from './words.ts';

function permissionRows(decision: ToolPermissionDecision): DecisionRow[] {
  const reason = { label: 'Reason', value: reasonText(decision.reason) };
  // Full Access reports no reviewer, confidence or categories: nothing reviewed the call.
  if (isFullAccess(decision) && decision.behavior === 'allow') {
    return [
      { label: 'Outcome', value: 'Allowed without review' },
      { label: 'Evaluator', value: 'Full Access' },
      reason,
    ];
  }
  const rows: DecisionRow[] = [
    { label: 'Outcome', value: outcomeLabel(decision) },
    { label: 'Evaluator', value: evaluatorLabel(decision) },
  ];
  if (decision.reviewerModel) rows.push({ label: 'Reviewer', value: decision.reviewerModel });
  if (decision.confidence) rows.push({ label: 'Confidence', value: capitalize(decision.confidence) });
  rows.push({ label: 'Risk', value: capitalize(decision.risk) });
  rows.push({ label: 'Categories', value: categoriesLabel(decision.riskCategories) });
  if (decision.matchedRule) rows.push({ label: 'Matched rule', value: decision.matchedRule });
  rows.push(reason);
  return rows;
}

/**
 * The expanded view of a tool call's authorization: the PERMISSION DECISION section and, for
 * an escalation that has ended, a REVIEW section that keeps the recommendation beside its
 * resolution (seed: "retain both stages"). Confidence is only ever shown as confidence, and
 * risk as risk.
 */
export function decisionSection(
  decision: ToolPermissionDecision,
  resolution?: ToolPermissionResolution,
): DecisionSection[] {
  const sections: DecisionSection[] = [{ title: 'Permission decision', rows: permissionRows(decision) }];
  if (decision.behavior === 'ask' && resolution) {
    const rows: DecisionRow[] = [
      { label: 'Recommendation', value: outcomeLabel(decision) },
      { label: 'Reason', value: reasonText(decision.reason) },
      { label: 'Resolution', value: resolutionLabel(resolution) },
    ];
    if (resolution.comment) rows.push({ label: 'Comment', value: reasonText(resolution.comment) });
    sections.push({ title: 'Review', rows });
  }
  return sections;
}
