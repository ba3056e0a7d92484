import type { ToolPermissionDecision } from '../contract/index.ts';

/**
 * A decision as approvers see it says each thing once (docs/approver-ui.md "Why it was asked"):
 * the engine names its top finding in the reason ("Force-pushes to the main branch: rewrites
 * shared history. It needs approval."), so a finding the reason already says is dropped, and so
 * is a finding that repeats another. Compared without case, spacing or end punctuation.
 */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!:;,\s]+$/, '')
    .trim();

export function sayOnce(decision: ToolPermissionDecision): ToolPermissionDecision {
  if (!decision.findings || decision.findings.length === 0) return decision;
  const reason = plain(decision.reason);
  const said = new Set<string>();
  const findings = decision.findings.filter((finding) => {
    const note = plain(finding.note);
    if (note === '' || said.has(note) || reason.includes(note)) return false;
    said.add(note);
    return true;
  });
  if (findings.length === decision.findings.length) return decision;
  const { findings: _dropped, ...rest } = decision;
  return findings.length === 0 ? rest : { ...rest, findings };
}
