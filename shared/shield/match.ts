import { escapeRegExp } from './escape-regexp.ts';
import type { SecretKind } from './kinds.ts';
import { mayMatch, type SecretPattern, secretPatterns } from './patterns.ts';

/** Where a secret sits in a text: `text.slice(start, end)` is the secret itself. */
export interface SecretSpan {
  kind: SecretKind;
  start: number;
  end: number;
}

/**
 * Every pattern's hints in one expression: most texts of a call hold none of them, and one test
 * then skips every pattern, where asking each pattern for each of its hints cost more than the
 * rest of the scan (measured: `decide` on the bench's compound command).
 */
export const anyHint = new RegExp(
  secretPatterns.flatMap((pattern) => pattern.hints.map(escapeRegExp)).join('|'),
);

function spanOf(pattern: SecretPattern, match: RegExpExecArray): { start: number; end: number } {
  for (const name of pattern.secretGroups ?? []) {
    const indices = match.indices?.groups?.[name];
    if (indices) return { start: indices[0], end: indices[1] };
  }
  return { start: match.index, end: match.index + match[0].length };
}

/**
 * Every secret in `text`, in pattern order (the specific patterns come first). Spans from
 * different patterns may overlap; callers that rewrite the text merge them.
 */
export function matchSecrets(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  if (typeof text !== 'string' || text.length === 0) return spans;
  // Hints are compared in lower case: lowering only adds matches, never hides one.
  const lower = text.toLowerCase();
  if (!anyHint.test(lower)) return spans;
  for (const pattern of secretPatterns) {
    if (!mayMatch(pattern, text, lower)) continue;
    // A fresh regex per text: a shared one would carry `lastIndex` from call to call.
    const regex = new RegExp(pattern.regex);
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      if (match[0].length === 0) regex.lastIndex++;
      const { start, end } = spanOf(pattern, match);
      const secret = text.slice(start, end);
      if (pattern.accept && !pattern.accept(secret, match, text)) continue;
      const kind = typeof pattern.kind === 'function' ? pattern.kind(match) : pattern.kind;
      spans.push({ kind, start, end });
    }
  }
  return spans;
}

/**
 * `spans` (as `matchSecrets` returns them) with overlaps merged, in text order. A merged span
 * takes the kind of its most specific part, the one found by the earliest pattern: `password=`
 * around a GitHub token is one GitHub token.
 */
export function mergeSpans(spans: readonly SecretSpan[]): SecretSpan[] {
  const ordered = spans
    .map((span, priority) => ({ ...span, priority }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  let i = 0;
  while (i < ordered.length) {
    let { start, end, priority, kind } = ordered[i]!;
    for (i++; i < ordered.length && ordered[i]!.start < end; i++) {
      const next = ordered[i]!;
      end = Math.max(end, next.end);
      if (next.priority < priority) ({ priority, kind } = next);
    }
    merged.push({ kind, start, end });
  }
  return merged;
}
