import type { Behavior, Confidence, RiskCategory } from '../contract/index.ts';
import { limits, Risk } from '../contract/index.ts';
import { abortReason } from './abort.ts';
import { toPlainText } from './plain-text.ts';
import type { Classifier, ClassifierRequest } from './types.ts';
import type { ClassifierVerdict } from './verdict.ts';

/**
 * The default reviewer: no network, no model, the same answer every time. It reads the
 * engine's risk rating through the table below, first matching row wins. It allows exactly what
 * the rater rates safe (passes the read-only allowlist) or low (a workspace edit), secrets
 * aside; anything that leaves the workspace, uses the network or runs unseen code goes to a
 * person; irreversible harm at the top of the scale is denied; a rating it cannot read is asked.
 */
export interface ReviewRow {
  /** Risk levels this row applies to; absent = any. */
  risks?: readonly Risk[];
  /** The rating must carry at least one of these categories; absent = any. */
  anyCategory?: readonly RiskCategory[];
  behavior: Behavior;
  confidence: Confidence;
  reason: string;
}

export const heuristicReviewTable: readonly ReviewRow[] = [
  {
    risks: ['critical'],
    anyCategory: ['destructive', 'exfiltration'],
    behavior: 'deny',
    confidence: 'high',
    reason: 'This could destroy data or send it away, and it cannot be undone.',
  },
  {
    // curl | sh and the like: sometimes exactly what the user wants, never safe unseen.
    risks: ['critical'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This is among the most dangerous kinds of action; a person must decide.',
  },
  {
    anyCategory: ['secret_exposure'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This involves a credential or secret; a person should confirm.',
  },
  {
    risks: ['high'],
    anyCategory: ['exfiltration'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This may send local data to another machine.',
  },
  {
    risks: ['high'],
    anyCategory: ['privilege_escalation'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This asks for elevated privileges.',
  },
  {
    risks: ['high'],
    anyCategory: ['external_system'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This changes an external system.',
  },
  {
    risks: ['high'],
    anyCategory: ['destructive'],
    behavior: 'ask',
    confidence: 'high',
    reason: 'This deletes or overwrites data that may not be recoverable.',
  },
  { risks: ['high'], behavior: 'ask', confidence: 'high', reason: 'This reaches outside the workspace.' },
  {
    risks: ['medium'],
    anyCategory: ['destructive'],
    behavior: 'ask',
    confidence: 'medium',
    reason: 'This deletes or discards work in the workspace.',
  },
  {
    risks: ['medium'],
    anyCategory: ['external_system'],
    behavior: 'ask',
    confidence: 'medium',
    reason: 'This may change an external system.',
  },
  {
    risks: ['medium'],
    anyCategory: ['code_execution'],
    behavior: 'ask',
    confidence: 'medium',
    reason: 'This runs code the reviewer cannot inspect.',
  },
  {
    risks: ['medium'],
    anyCategory: ['network'],
    behavior: 'ask',
    confidence: 'medium',
    reason: 'This uses the network.',
  },
  {
    risks: ['medium'],
    behavior: 'ask',
    confidence: 'medium',
    reason: 'The reviewer cannot tell what this does.',
  },
  { risks: ['low'], behavior: 'allow', confidence: 'high', reason: 'This is a local workspace edit.' },
  { risks: ['safe'], behavior: 'allow', confidence: 'high', reason: 'This only reads; nothing changes.' },
];

/** Unreachable with a valid rating; there so that a surprise is an ask, not an allow. */
const noRow: ReviewRow = {
  behavior: 'ask',
  confidence: 'low',
  reason: 'The reviewer has no rule for this call.',
};

export function reviewRowFor(risk: Risk, categories: readonly RiskCategory[]): ReviewRow {
  return (
    heuristicReviewTable.find(
      (row) =>
        (row.risks === undefined || row.risks.includes(risk)) &&
        (row.anyCategory === undefined || row.anyCategory.some((category) => categories.includes(category))),
    ) ?? noRow
  );
}

/**
 * A rating the reviewer can judge: a risk on the scale, categories and findings as the rater
 * makes them, no finding above the rating's risk. Anything else came from somewhere the
 * reviewer does not know, and is asked.
 */
function judgeable(rating: ClassifierRequest['rating']): boolean {
  const order: readonly string[] = Risk.options;
  const rank = (risk: unknown) => (typeof risk === 'string' ? order.indexOf(risk) : -1);
  if (rank(rating?.risk) < 0 || !Array.isArray(rating.categories) || !Array.isArray(rating.findings)) {
    return false;
  }
  return rating.findings.every((finding) => {
    const found = rank(finding?.risk);
    return found >= 0 && found <= rank(rating.risk);
  });
}

function review(request: ClassifierRequest): ClassifierVerdict {
  if (!judgeable(request.rating)) {
    return { behavior: 'ask', confidence: 'low', riskCategories: [], reason: noRow.reason };
  }
  const { risk, categories, findings } = request.rating;
  const row = reviewRowFor(risk, categories);
  // The rating's notes are fixed sentences of the rater, so they are safe to repeat.
  const detail = row.behavior === 'allow' ? undefined : findings[0]?.note;
  const reason = detail && detail !== row.reason ? `${row.reason} ${detail}` : row.reason;
  return {
    behavior: row.behavior,
    confidence: row.confidence,
    riskCategories: categories.slice(0, limits.riskCategories),
    reason: toPlainText(reason, limits.reasonLength),
  };
}

export const heuristicClassifier: Classifier = {
  model: 'gatehouse/heuristic-1',
  async classify(request, signal) {
    if (signal.aborted) throw abortReason(signal);
    return review(request);
  },
};
