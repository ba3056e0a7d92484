/**
 * A tool call's arguments as the approver reads them: pretty-printed JSON, plain text, and
 * bounded twice — a few lines while the card is collapsed (so the actions stay in view) and a
 * hard cap when expanded (the relay bounds display copies too, but the UI does not rely on it).
 */

/** Collapsed: at most this many lines… */
export const collapsedLines = 6;
/** …and at most this many characters. */
export const collapsedChars = 400;
/** Expanded: at most this many characters. */
export const expandedChars = 20_000;

export const collapsedMarker = '…';
export const truncatedMarker = '… (truncated)';

/** `input` as text: a string as it is, anything else as JSON indented by two spaces. */
export function prettyArguments(input: unknown): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    // Not JSON (a cycle, a BigInt): the relay never sends such a thing, but a port might.
    return String(input);
  }
}

export interface BoundedText {
  text: string;
  /** Whether anything was left out. */
  cut: boolean;
}

/** The first `max` code points of `text`, so a cut never splits a surrogate pair. */
function firstCodePoints(text: string, max: number): { text: string; cut: boolean } {
  // Cheap path: a string with at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return { text, cut: false };
  const points = Array.from(text);
  if (points.length <= max) return { text, cut: false };
  return { text: points.slice(0, max).join(''), cut: true };
}

/** The collapsed view: the first lines, at most `collapsedChars`, ending in "…" when cut. */
export function collapsedArguments(text: string): BoundedText {
  const lines = text.split('\n');
  const fewLines = lines.slice(0, collapsedLines).join('\n');
  const short = firstCodePoints(fewLines, collapsedChars);
  const cut = lines.length > collapsedLines || short.cut;
  return { text: cut ? `${short.text.trimEnd()}${collapsedMarker}` : short.text, cut };
}

/** The expanded view: up to `expandedChars`, then "… (truncated)" on a line of its own. */
export function expandedArguments(text: string): BoundedText {
  const bounded = firstCodePoints(text, expandedChars);
  return bounded.cut ? { text: `${bounded.text}\n${truncatedMarker}`, cut: true } : bounded;
}
