/**
 * Untrusted text (a model's reason, an error message) made safe to show: control characters,
 * bidirectional overrides and zero-width characters removed, whitespace collapsed, length
 * capped. It renders as plain text everywhere, so nothing else needs escaping here.
 */
const invisible = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
/** Halves of surrogate pairs standing alone: not text, and they break some renderers. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function toPlainText(text: string, maxLength: number): string {
  // Bound the work first: nothing past a few times the cap can survive anyway.
  const bounded = text.slice(0, maxLength * 4 + 16);
  const clean = bounded.replace(loneSurrogate, '').replace(invisible, ' ').replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  let cut = clean.slice(0, maxLength - 1);
  // Never leave half of a surrogate pair behind.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
