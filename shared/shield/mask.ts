import { matchSecrets, mergeSpans } from './match.ts';
import { shellWordSecrets } from './shell-words.ts';

/**
 * `text` with every secret replaced by `[REDACTED:<kind>]` (overlapping finds make one marker):
 * secrets as written, and words that are secrets once bash has read them (`'gh''p_…'`,
 * `$'\x67hp_…'`: the whole word as written is replaced, shell-words.ts).
 */
export function maskSecrets(text: string): string {
  const spans = mergeSpans([...matchSecrets(text), ...shellWordSecrets(text)]);
  if (spans.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out += `${text.slice(cursor, span.start)}[REDACTED:${span.kind}]`;
    cursor = span.end;
  }
  return out + text.slice(cursor);
}
