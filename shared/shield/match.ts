import type { SecretKind } from './kinds.ts';
import { anySecretHint, type SecretPattern, secretPatterns } from './patterns.ts';
import { SECRET_HINT, textHints } from './text-hints.ts';

/** Where a secret sits in a text: `text.slice(start, end)` is the secret itself. */
export interface SecretSpan {
  kind: SecretKind;
  start: number;
  end: number;
}

/**
 * No pattern matches fewer characters than this (`ab://:x@`, the shortest URL with a password,
 * is 8), so shorter strings, most of any input, skip the patterns entirely.
 */
export const shortestSecret = 8;

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
  if (!mayHoldSecret(text)) return [];
  return collectSpans(text, true);
}

/**
 * False when no pattern can match `text`: most texts carry no secret and no hint of one, and one
 * pass over them rules out every pattern: the pair sieve (text-hints.ts) first, then the hint
 * regex. `hints` are the text's own, when the caller has them already.
 */
export function mayHoldSecret(text: string, hints?: number): boolean {
  return mayHoldSecretBySieve(text, hints) && anySecretHint.test(text);
}

/**
 * `mayHoldSecret` without its hint regex: long enough, and let through by the pair sieve. Cheaper,
 * and looser: for a quick look that leaves whatever it lets through to a walk that asks again.
 */
export function mayHoldSecretBySieve(text: string, hints?: number): boolean {
  return text.length >= shortestSecret && ((hints ?? textHints(text)) & SECRET_HINT) !== 0;
}

/**
 * `matchSecrets` without the hints: every pattern runs on every text. Slower, and the reference
 * the hinted scan is tested against.
 */
export function matchSecretsExhaustive(text: string): SecretSpan[] {
  if (text.length < shortestSecret) return [];
  return collectSpans(text, false);
}

function collectSpans(text: string, hinted: boolean): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const pattern of secretPatterns) {
    if (hinted && !pattern.hint.test(text)) continue;
    // The shared regex is reused (building one per text dominated the cost on inputs of many
    // small strings); nothing below re-enters this loop, so resetting `lastIndex` suffices.
    const regex = pattern.regex;
    regex.lastIndex = 0;
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
