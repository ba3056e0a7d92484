import type { ToolPermissionDecision } from '../../../shared/contract/index.ts';
import { byDanger, type Finding } from './command-marks.ts';

/**
 * Why a call was asked, as the card says it: the decision's reason, then what the risk rater
 * found, most dangerous first. A finding that only repeats the reason (the engine names its top
 * finding there) or another finding is said once.
 */
export function whyLines(decision: ToolPermissionDecision): { reason: string; findings: Finding[] } {
  const said = new Set([decision.reason.trim()]);
  const findings: Finding[] = [];
  for (const finding of byDanger(decision.findings ?? [])) {
    const note = finding.note.trim();
    if (note === '' || said.has(note)) continue;
    said.add(note);
    findings.push(finding);
  }
  return { reason: decision.reason, findings };
}
