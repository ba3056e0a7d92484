/**
 * A tool call's arguments on one line, for a notification or the dock: the field a person
 * recognises (a command, a path, a URL) when there is one, else compact JSON. Plain text,
 * control characters and runs of whitespace collapsed, at most `max` characters with "…".
 * The relay already redacted secrets in what it sent; this only shortens.
 */

const telling = ['command', 'file_path', 'path', 'url', 'pattern', 'query', 'prompt', 'description'];

function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
}

export function argumentPreview(input: unknown, max = 120): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (input && typeof input === 'object' && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    const key = telling.find((name) => typeof record[name] === 'string' && record[name] !== '');
    text = key ? String(record[key]) : safeJson(input);
  } else text = safeJson(input);
  // Counted in code points, so an emoji is never cut in half.
  const chars = Array.from(oneLine(text));
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : chars.join('');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
