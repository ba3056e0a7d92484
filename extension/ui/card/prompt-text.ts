import type { PromptRef } from '../../../shared/contract/index.ts';
import { type BoundedText, expandedArguments } from './format-arguments.ts';

/**
 * The user's request a question belongs to, as the card shows it ("Asked for: …"): plain text,
 * its first lines while the card is collapsed, the whole (bounded) text once Details is open.
 * It comes from the agent's side (Claude Code's UserPromptSubmit hook), so the card calls it the
 * agent's report; a hostile model could make it up. Pure: tested without a browser.
 */

/** Collapsed: at most this many lines… */
export const promptLines = 3;
/** …and at most this many characters. */
export const promptChars = 240;

/** The text the card shows, or null when there is no request to show (absent, or only blanks). */
export function promptText(prompt: PromptRef | undefined, expanded: boolean): BoundedText | null {
  const text = prompt?.text.trim();
  if (!text) return null;
  if (expanded) return expandedArguments(text);
  const lines = text.split('\n');
  const few = Array.from(lines.slice(0, promptLines).join('\n'));
  const cut = lines.length > promptLines || few.length > promptChars;
  return cut ? { text: `${few.slice(0, promptChars).join('').trimEnd()}…`, cut } : { text, cut };
}
