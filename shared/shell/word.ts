import { decodeAnsiCEscape } from './ansi-c.ts';
import { parseList } from './list.ts';
import { checkDepth, fail, newScan, type Scan } from './scanner.ts';

/** A word being lexed: its value after quote removal and what the shell will do to it. */
export interface WordState {
  value: string;
  quoted: boolean;
  dynamic: boolean;
  glob: boolean;
}

export interface LexedWord extends WordState {
  raw: string;
  start: number;
  end: number;
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;

/** How `lexWord` treats an unquoted ASCII character; everything else (non-ASCII too) is ORDINARY. */
const ORDINARY = 0;
/** POSIX metacharacters: they end a word (`<(` and `>(` start a process substitution instead). */
const WORD_END = 1;
const QUOTE_OR_SUBSTITUTION = 2;
const GLOB = 3;
const BRACE = 4;
const CHAR_KINDS = new Uint8Array(128);
for (const [chars, kind] of [
  [' \t\n;&|()<>', WORD_END],
  ['\\\'"$`', QUOTE_OR_SUBSTITUTION],
  ['*?[', GLOB],
  ['{},.', BRACE],
] as const) {
  for (const char of chars) CHAR_KINDS[char.charCodeAt(0)] = kind;
}
const charKind = (code: number): number => (code < 128 ? CHAR_KINDS[code]! : ORDINARY);

function scratchWord(): WordState {
  return { value: '', quoted: false, dynamic: false, glob: false };
}

/** A word to lex into: each command list reuses one, since its fields are copied out right away. */
export function newLexedWord(): LexedWord {
  return { value: '', quoted: false, dynamic: false, glob: false, raw: '', start: 0, end: 0 };
}

/** Lexes one word at `s.pos` into `word`; false when no word starts there. */
export function lexWord(s: Scan, depth: number, word: LexedWord): boolean {
  checkDepth(depth);
  const { src } = s;
  const length = src.length;
  const start = s.pos;
  word.value = '';
  word.quoted = false;
  word.dynamic = false;
  word.glob = false;
  word.start = start;
  // Brace expansion (`{a,b}`, `{1..3}`) needs an unquoted `{`, a `,` or `..`, and a `}`.
  let braceDepth = 0;
  let braceSeparator = false;
  while (s.pos < length) {
    const code = src.charCodeAt(s.pos);
    const kind = charKind(code);
    if (kind === ORDINARY) {
      // Runs of ordinary characters are copied in one slice, not one character at a time.
      let end = s.pos + 1;
      while (end < length && charKind(src.charCodeAt(end)) === ORDINARY) end += 1;
      word.value += src.slice(s.pos, end);
      s.pos = end;
      continue;
    }
    const c = src[s.pos]!;
    if (kind === WORD_END) {
      if ((c === '<' || c === '>') && src[s.pos + 1] === '(') {
        substituteProcess(s, depth, word);
        continue;
      }
      break;
    }
    switch (c) {
      case '\\': {
        const next = src[s.pos + 1];
        if (next === '\n') s.pos += 2;
        else if (next === undefined) {
          word.value += '\\';
          s.pos += 1;
        } else {
          word.value += next;
          word.quoted = true;
          s.pos += 2;
        }
        break;
      }
      case "'": {
        const close = src.indexOf("'", s.pos + 1);
        if (close === -1) fail(`unterminated single quote at offset ${s.pos}`);
        word.value += src.slice(s.pos + 1, close);
        word.quoted = true;
        s.pos = close + 1;
        break;
      }
      case '"':
        lexDoubleQuoted(s, depth + 1, word);
        break;
      case '$':
        lexDollar(s, depth + 1, word, false);
        break;
      case '`':
        lexBackticks(s, depth + 1, word, false);
        break;
      default:
        if (kind === GLOB) word.glob = true;
        else if (c === '{') braceDepth += 1;
        else if (braceDepth > 0 && (c === ',' || (c === '.' && src[s.pos + 1] === '.')))
          braceSeparator = true;
        else if (c === '}' && braceDepth > 0) {
          braceDepth -= 1;
          if (braceSeparator) {
            word.dynamic = true;
            s.out.expansion = true;
          }
        }
        word.value += c;
        s.pos += 1;
    }
  }
  if (s.pos === start) return false;
  // Nothing quoted, escaped or expanded and nothing dropped (a line continuation): the value is
  // the text as written, so one string serves as both.
  word.raw =
    !word.quoted && !word.dynamic && word.value.length === s.pos - start
      ? word.value
      : src.slice(start, s.pos);
  word.end = s.pos;
  return true;
}

/** `"…"`: only `$`, backticks and a few backslash escapes are special. */
function lexDoubleQuoted(s: Scan, depth: number, word: WordState): void {
  checkDepth(depth);
  const { src } = s;
  const open = s.pos;
  s.pos += 1;
  word.quoted = true;
  for (;;) {
    const c = src[s.pos];
    if (c === undefined) fail(`unterminated double quote at offset ${open}`);
    if (c === '"') {
      s.pos += 1;
      return;
    }
    if (c === '\\') {
      const next = src[s.pos + 1];
      if (next === '\n') s.pos += 2;
      else if (next === '$' || next === '`' || next === '"' || next === '\\') {
        word.value += next;
        s.pos += 2;
      } else {
        word.value += '\\';
        s.pos += 1;
      }
    } else if (c === '$') lexDollar(s, depth + 1, word, true);
    else if (c === '`') lexBackticks(s, depth + 1, word, true);
    else {
      word.value += c;
      s.pos += 1;
    }
  }
}

/** Everything that starts with `$`. A `$` that starts nothing is a literal dollar sign. */
export function lexDollar(s: Scan, depth: number, word: WordState, inDoubleQuotes: boolean): void {
  checkDepth(depth);
  const { src } = s;
  const start = s.pos;
  const next = src[s.pos + 1];
  if (next === '(') {
    if (src[s.pos + 2] === '(') lexArithmetic(s, depth, inDoubleQuotes);
    else {
      s.pos += 2;
      parseList(s, depth + 1, ')');
      s.out.substitution = true;
    }
  } else if (next === '{') lexParameterBraces(s, depth, inDoubleQuotes);
  else if (next === "'" && !inDoubleQuotes) {
    lexAnsiC(s, word);
    return;
  } else if (next === '"' && !inDoubleQuotes) {
    // $"…" is a locale-translated string; for analysis it is a double-quoted string.
    s.pos += 1;
    lexDoubleQuoted(s, depth + 1, word);
    return;
  } else if (next !== undefined && NAME_START.test(next)) {
    s.pos += 2;
    while (s.pos < src.length && NAME_CHAR.test(src[s.pos]!)) s.pos += 1;
    s.out.expansion = true;
  } else if (next !== undefined && SPECIAL_PARAMETER.test(next)) {
    s.pos += 2;
    s.out.expansion = true;
  } else if (next === '[') {
    fail(`the obsolete $[…] arithmetic at offset ${start} is not supported`);
  } else {
    word.value += '$';
    s.pos += 1;
    return;
  }
  // The value is unknown until run time; keep the source text so rules and the UI still see it.
  word.value += src.slice(start, s.pos);
  word.dynamic = true;
}

/**
 * `$((…))`. `$((a) b)` would be a command substitution of a subshell: too ambiguous, refuse it.
 * So is a body with `;` or a newline, which no arithmetic has and a reader (or another shell) may
 * take for the commands of `$( (…) )`: bash 5 refuses it at run time, other readers run it.
 */
function lexArithmetic(s: Scan, depth: number, inDoubleQuotes: boolean): void {
  const { src } = s;
  const open = s.pos;
  const scratch = scratchWord();
  s.pos += 3;
  let parens = 0;
  for (;;) {
    const c = src[s.pos];
    if (c === undefined) fail(`unterminated $(( at offset ${open}`);
    if (c === '(') {
      parens += 1;
      s.pos += 1;
    } else if (c === ')') {
      if (parens > 0) {
        parens -= 1;
        s.pos += 1;
      } else if (src[s.pos + 1] === ')') {
        s.pos += 2;
        break;
      } else fail(`ambiguous $(( at offset ${open}: arithmetic or a subshell`);
    } else if (c === ';' || c === '\n') fail(`ambiguous $(( at offset ${open}: arithmetic or commands`);
    else if (c === '\\') s.pos += 2;
    else if (c === '"') lexDoubleQuoted(s, depth + 1, scratch);
    else if (c === '$') lexDollar(s, depth + 1, scratch, inDoubleQuotes);
    else if (c === '`') lexBackticks(s, depth + 1, scratch, inDoubleQuotes);
    else s.pos += 1;
  }
  s.out.expansion = true;
}

/** `${…}`: scanned to its closing brace; substitutions inside still count. */
function lexParameterBraces(s: Scan, depth: number, inDoubleQuotes: boolean): void {
  const { src } = s;
  const open = s.pos;
  const scratch = scratchWord();
  s.pos += 2;
  for (;;) {
    const c = src[s.pos];
    if (c === undefined) fail(`unterminated \${ at offset ${open}`);
    if (c === '}') {
      s.pos += 1;
      break;
    }
    if (c === '\\') s.pos += 2;
    else if (c === "'" && !inDoubleQuotes) {
      const close = src.indexOf("'", s.pos + 1);
      if (close === -1) fail(`unterminated single quote at offset ${s.pos}`);
      s.pos = close + 1;
    } else if (c === '"') lexDoubleQuoted(s, depth + 1, scratch);
    else if (c === '$') lexDollar(s, depth + 1, scratch, inDoubleQuotes);
    else if (c === '`') lexBackticks(s, depth + 1, scratch, inDoubleQuotes);
    else s.pos += 1;
  }
  s.out.expansion = true;
}

/** `$'…'`: ANSI-C quoting, decoded so that `$'\x72m'` reads as `rm`. */
function lexAnsiC(s: Scan, word: WordState): void {
  const { src } = s;
  const open = s.pos;
  s.pos += 2;
  word.quoted = true;
  for (;;) {
    const c = src[s.pos];
    if (c === undefined) fail(`unterminated $'…' string at offset ${open}`);
    if (c === "'") {
      s.pos += 1;
      return;
    }
    if (c === '\\') {
      const [text, after] = decodeAnsiCEscape(src, s.pos);
      word.value += text;
      s.pos = after;
    } else {
      word.value += c;
      s.pos += 1;
    }
  }
}

/**
 * `` `…` ``: the body is unescaped (`\``, `\\`, `\$`, and `\"` inside double quotes) and parsed as
 * a command list of its own.
 */
export function lexBackticks(s: Scan, depth: number, word: WordState, inDoubleQuotes: boolean): void {
  checkDepth(depth);
  const { src } = s;
  const open = s.pos;
  let body = '';
  // Where each character of the body came from in `src`, and (last) where the body ends.
  const from: number[] = [];
  s.pos += 1;
  for (;;) {
    const c = src[s.pos];
    if (c === undefined) fail(`unterminated backtick at offset ${open}`);
    if (c === '`') {
      from.push(s.pos);
      s.pos += 1;
      break;
    }
    if (c === '\\') {
      const next = src[s.pos + 1];
      if (next === undefined) fail(`unterminated backtick at offset ${open}`);
      if (next === '`' || next === '\\' || next === '$' || (inDoubleQuotes && next === '"')) {
        body += next;
        from.push(s.pos);
      } else {
        body += `\\${next}`;
        from.push(s.pos, s.pos + 1);
      }
      s.pos += 2;
    } else {
      body += c;
      from.push(s.pos);
      s.pos += 1;
    }
  }
  parseList(
    newScan(body, s.out, (pos) => s.toSource(from[pos]!)),
    depth + 1,
    undefined,
  );
  s.out.substitution = true;
  word.value += src.slice(open, s.pos);
  word.dynamic = true;
}

/** `<(…)` and `>(…)`: a command whose output or input becomes a file name. */
function substituteProcess(s: Scan, depth: number, word: WordState): void {
  const start = s.pos;
  s.pos += 2;
  parseList(s, depth + 1, ')');
  s.out.substitution = true;
  word.value += s.src.slice(start, s.pos);
  word.dynamic = true;
}
