/**
 * What a notification says about a call: one line of at most 120 characters, and whether that
 * line is the whole call. Shared by the Worker (which builds the push) and /app's service
 * worker (which builds it from the card when the push carried ids only). The input it reads is
 * already the redacted display copy.
 */

export const summaryChars = 120;

export interface CallSummary {
  text: string;
  /** True only when `text` shows everything the call would do: then one tap may approve it. */
  whole: boolean;
}

/** Control, format and bidi characters would let a summary hide or reorder what it shows. */
const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** Marks the display copy leaves where it cut or masked something: the line is not the whole call. */
const elided = /…\[truncated \d+ chars\]|\[REDACTED[:\]]|\[…\]|more items\]|more keys\]/;

/** Bash fields that do not change what runs. */
const bashNotes = new Set(['description', 'timeout', 'run_in_background']);

function oneLine(text: string): { text: string; changed: boolean } {
  const flat = text.replace(hidden, ' ');
  return { text: flat, changed: flat !== text };
}

function fitLine(raw: string, whole: boolean): CallSummary {
  const line = oneLine(raw);
  const chars = [...line.text];
  if (chars.length > summaryChars)
    return { text: `${chars.slice(0, summaryChars - 1).join('')}…`, whole: false };
  return { text: line.text, whole: whole && !line.changed && !elided.test(line.text) };
}

function record(input: unknown): Record<string, unknown> | null {
  return input !== null && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : null;
}

export function summarizeCall(tool: string, input: unknown): CallSummary {
  const fields = record(input);
  const command = fields?.command;
  if (tool === 'Bash' && typeof command === 'string') {
    const others = Object.keys(fields ?? {}).filter((key) => key !== 'command' && !bashNotes.has(key));
    return fitLine(command, others.length === 0);
  }
  // Anything else is shown as its JSON: whole only when all of it fits on the line.
  let json: string;
  try {
    json = JSON.stringify(input) ?? String(input);
  } catch {
    return { text: tool, whole: false };
  }
  return fitLine(json, true);
}
