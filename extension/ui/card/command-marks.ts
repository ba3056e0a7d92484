import type { Risk, ToolPermissionDecision } from '../../../shared/contract/index.ts';

/**
 * A command split into pieces, the risky ones marked from the rater's findings. A finding's span
 * indexes the command the engine saw; the approver only has the display copy. The two are the
 * same text only when the copy carries no redaction and no truncation marker, so marks are
 * placed only then — a mark shifted by a redaction would point at the wrong characters, which is
 * worse than none. Otherwise the findings' notes still show, without marks.
 */

export type Finding = NonNullable<ToolPermissionDecision['findings']>[number];

export interface Piece {
  text: string;
  /** The most dangerous finding about these characters; null for unmarked text. */
  risk: Risk | null;
  /** The notes of the findings about these characters, most dangerous first. */
  notes: string[];
}

export interface MarkedText {
  text: string;
  pieces: Piece[];
  /** Whether the text is the whole command (no marker in it), so spans may be placed. */
  whole: boolean;
}

/**
 * What the display copy puts in place of what it leaves out (shared/shield/mask.ts writes
 * `[REDACTED:<kind>]`, shared/redact/display-copy.ts `…[truncated N chars]` and
 * `[REDACTED:<key>]`). Either one in the text means its offsets are not the command's.
 */
const copyMarkers = [/\[REDACTED:/, /…\[truncated \d+ chars\]/];

export const isWholeText = (text: string) => !copyMarkers.some((marker) => marker.test(text));

const riskOrder: readonly Risk[] = ['safe', 'low', 'medium', 'high', 'critical'];
export const riskRank = (risk: Risk) => riskOrder.indexOf(risk);

/** Findings most dangerous first; equal ones keep the rater's order. */
export function byDanger(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => riskRank(b.risk) - riskRank(a.risk));
}

/** A span that lies inside the text and covers at least one character. */
const fits = (span: Finding['span'], length: number): span is { start: number; end: number } =>
  span !== undefined &&
  Number.isInteger(span.start) &&
  Number.isInteger(span.end) &&
  span.start >= 0 &&
  span.start < span.end &&
  span.end <= length;

export function commandMarks(text: string, findings: readonly Finding[]): MarkedText {
  const whole = isWholeText(text);
  const spanned = whole ? byDanger(findings).filter((finding) => fits(finding.span, text.length)) : [];
  if (spanned.length === 0) return { text, whole, pieces: [{ text, risk: null, notes: [] }] };
  // Every span edge cuts the text; each piece then carries the findings that cover it whole.
  const edges = new Set([0, text.length]);
  for (const finding of spanned) {
    edges.add(finding.span!.start);
    edges.add(finding.span!.end);
  }
  const cuts = [...edges].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (let index = 0; index + 1 < cuts.length; index++) {
    const start = cuts[index]!;
    const end = cuts[index + 1]!;
    const covering = spanned.filter((finding) => finding.span!.start <= start && finding.span!.end >= end);
    const risk = covering[0]?.risk ?? null;
    const notes = covering.map((finding) => finding.note);
    const last = pieces.at(-1);
    // Neighbours with the same findings are one mark.
    if (last && last.risk === risk && last.notes.join('\n') === notes.join('\n'))
      last.text += text.slice(start, end);
    else pieces.push({ text: text.slice(start, end), risk, notes });
  }
  return { text, whole, pieces };
}
