import { ClassifierOutputError } from './types.ts';

/** The longest model message worth parsing: a verdict is a few hundred characters. */
export const maxModelTextChars = 64 * 1024;

/**
 * Parses a model's message as JSON. A single surrounding code fence is tolerated (some
 * endpoints add one despite JSON mode); anything else that is not JSON is invalid output.
 */
export function parseModelJson(text: string): unknown {
  if (text.length > maxModelTextChars) throw new ClassifierOutputError("The reviewer's answer is too long.");
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  const body = fenced ? fenced[1]! : text;
  try {
    return JSON.parse(body);
  } catch {
    throw new ClassifierOutputError('The reviewer did not answer with JSON.');
  }
}

/** Reads a response body up to `maxBytes`; more than that is invalid output, not a memory problem. */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ClassifierOutputError("The reviewer's answer is too large.");
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
