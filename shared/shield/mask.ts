import { matchSecrets } from './match.ts';

/**
 * `text` with every secret replaced by `[REDACTED:<kind>]`. Overlapping finds (a GitHub token
 * that is also the value of `password=`) merge into one marker named after the most specific
 * pattern, which is the first in the list.
 */
export function maskSecrets(text: string): string {
  const spans = matchSecrets(text);
  if (spans.length === 0) return text;
  const ordered = spans
    .map((span, priority) => ({ ...span, priority }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let cursor = 0;
  let i = 0;
  while (i < ordered.length) {
    const first = ordered[i]!;
    let { end, priority, kind } = first;
    i++;
    while (i < ordered.length && ordered[i]!.start < end) {
      const next = ordered[i]!;
      end = Math.max(end, next.end);
      if (next.priority < priority) ({ priority, kind } = next);
      i++;
    }
    out += `${text.slice(cursor, first.start)}[REDACTED:${kind}]`;
    cursor = end;
  }
  return out + text.slice(cursor);
}
