import { fail } from './scanner.ts';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const HEX = /^[0-9a-fA-F]+/;
const OCTAL = /^[0-7]{1,3}/;

/**
 * Decodes the escape at `src[pos]` (a backslash) inside `$'…'`, as bash does. Decoding matters:
 * `$'\x72m'` is the command `rm`, and a deny rule for `rm` must see it.
 * Returns the decoded text and the position after the escape.
 */
export function decodeAnsiCEscape(src: string, pos: number): [string, number] {
  const letter = src[pos + 1];
  if (letter === undefined) fail("unterminated $'…' string");
  const simple = SIMPLE_ESCAPES[letter];
  if (simple !== undefined) return [simple, pos + 2];
  const maxHex = letter === 'x' ? 2 : letter === 'u' ? 4 : letter === 'U' ? 8 : 0;
  if (maxHex > 0) {
    const digits = HEX.exec(src.slice(pos + 2, pos + 2 + maxHex))?.[0];
    if (digits === undefined) return [`\\${letter}`, pos + 2];
    const code = Number.parseInt(digits, 16);
    if (code > 0x10ffff) fail(`invalid code point \\${letter}${digits} in $'…' string`);
    return [String.fromCodePoint(code), pos + 2 + digits.length];
  }
  const octal = OCTAL.exec(src.slice(pos + 1, pos + 4))?.[0];
  if (octal !== undefined)
    return [String.fromCharCode(Number.parseInt(octal, 8) & 0xff), pos + 1 + octal.length];
  if (letter === 'c') {
    const control = src[pos + 2];
    if (control === undefined) fail("unterminated $'…' string");
    return [String.fromCharCode(control.charCodeAt(0) & 0x1f), pos + 3];
  }
  return [`\\${letter}`, pos + 2];
}
