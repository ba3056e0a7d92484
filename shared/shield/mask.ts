import { matchSecrets, mergeSpans } from './match.ts';

/** `text` with every secret replaced by `[REDACTED:<kind>]` (overlapping finds make one marker). */
export function maskSecrets(text: string): string {
  const spans = mergeSpans(matchSecrets(text));
  if (spans.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out += `${text.slice(cursor, span.start)}[REDACTED:${span.kind}]`;
    cursor = span.end;
  }
  return out + text.slice(cursor);
}
