import { readHeredocBodies } from './heredoc.ts';
import { keywordKind } from './keywords.ts';
import { checkDepth, fail, type Scan } from './scanner.ts';
import type { ShellWord } from './types.ts';
import { type LexedWord, lexWord, newLexedWord } from './word.ts';

/** Simple command being collected until an operator, newline or closer ends it. */
interface CommandBuilder {
  argv: string[];
  /** Parallel to `argv`. */
  words: ShellWord[];
  assignments: string[];
  redirected: boolean;
  /** Source span of the command's own tokens, for `ShellSegment.text`. */
  start: number;
  end: number;
  /** Anything seen, keywords and subshells included: an operator after nothing is a syntax error. */
  hasContent: boolean;
  /** After `)`, `fi`, `done` or `}` only redirections and operators may follow. */
  closed: boolean;
  /** Right after `time`, whose `-p` flag is not a command name. */
  afterTime: boolean;
}

function newBuilder(): CommandBuilder {
  return {
    argv: [],
    words: [],
    assignments: [],
    redirected: false,
    start: -1,
    end: -1,
    hasContent: false,
    closed: false,
    afterTime: false,
  };
}

function atCommandPosition(cmd: CommandBuilder): boolean {
  return !cmd.closed && cmd.argv.length === 0 && cmd.assignments.length === 0 && !cmd.redirected;
}

const DESCRIPTOR = /^(\d+-?|-)$/;

// Character codes the parser dispatches on: comparing numbers, not one-character strings.
const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
const HASH = 35;
const AMPERSAND = 38;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const PLUS = 43;
const DASH = 45;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const SEMICOLON = 59;
const LESS = 60;
const EQUALS = 61;
const GREATER = 62;
const BACKSLASH = 92;
const UNDERSCORE = 95;
const PIPE = 124;

/** The state of one `parseList` call: the command being built and what the last operator demands. */
interface ListState {
  readonly s: Scan;
  cmd: CommandBuilder;
  /** Set after `&&`, `||`, `|`, `|&`: a command must follow, possibly after newlines. */
  pendingOperator: string | undefined;
  /** The word being lexed; its fields are copied out before the next one. */
  readonly word: LexedWord;
}

function finishCommand(list: ListState): void {
  const { cmd, s } = list;
  if (cmd.argv.length > 0 || cmd.assignments.length > 0 || (cmd.redirected && !cmd.closed)) {
    // The text trimmed, and its offsets moved in by what the trim took off each end.
    const spanned = s.src.slice(cmd.start, cmd.end);
    const start = cmd.start + spanned.length - spanned.trimStart().length;
    const end = cmd.end - (spanned.length - spanned.trimEnd().length);
    s.out.segments.push({
      argv: cmd.argv,
      assignments: cmd.assignments,
      text: s.src.slice(start, Math.max(start, end)),
      start: s.toSource(start),
      end: s.toSource(Math.max(start, end)),
      words: cmd.words,
      ...(cmd.words.length === cmd.argv.length
        ? { written: [...cmd.assignments, ...cmd.words.map((word) => word.raw)].join(' ') }
        : {}),
    });
  }
  // The segment keeps the lists: the next command starts new ones.
  cmd.argv = [];
  cmd.words = [];
  cmd.assignments = [];
  cmd.redirected = false;
  cmd.start = -1;
  cmd.end = -1;
  cmd.hasContent = false;
  cmd.closed = false;
  cmd.afterTime = false;
}

function markToken(list: ListState, start: number, end: number): void {
  const { cmd } = list;
  if (cmd.start === -1) cmd.start = start;
  cmd.end = end;
  cmd.hasContent = true;
  list.pendingOperator = undefined;
}

/**
 * Parses a command list until `closer` (`)` for `$(…)`, `<(…)` and subshells) or the end of the
 * source. Every simple command found is pushed to `s.out.segments`.
 */
export function parseList(s: Scan, depth: number, closer: ')' | undefined): void {
  checkDepth(depth);
  const { src } = s;
  const open = s.pos;
  const list: ListState = { s, cmd: newBuilder(), pendingOperator: undefined, word: newLexedWord() };

  for (;;) {
    skipBlanks(s);
    const code = s.pos < src.length ? src.charCodeAt(s.pos) : -1;
    if (code === -1 || code === CLOSE_PAREN) {
      finishCommand(list);
      if (list.pendingOperator !== undefined) fail(`"${list.pendingOperator}" is not followed by a command`);
      if (s.heredocs.length > 0) fail(`heredoc "${s.heredocs[0]!.delimiter}" has no body`);
      if (code === -1) {
        if (closer !== undefined) fail(`"(" at offset ${open - 1} is never closed`);
        return;
      }
      if (closer !== ')') fail(`unexpected ")" at offset ${s.pos}`);
      s.pos += 1;
      return;
    }
    if (code === HASH) {
      const newline = src.indexOf('\n', s.pos);
      s.pos = newline === -1 ? src.length : newline;
      continue;
    }
    if (code === NEWLINE) {
      finishCommand(list);
      s.pos += 1;
      readHeredocBodies(s, depth);
      continue;
    }
    const operator = controlOperatorAt(src, s.pos, code);
    if (operator !== undefined) {
      if (operator === ';;' || operator === ';&') fail(`"${operator}" (case) is not supported`);
      if (!list.cmd.hasContent) fail(`"${operator}" at offset ${s.pos} does not follow a command`);
      finishCommand(list);
      s.pos += operator.length;
      if (operator === '&') s.out.background = true;
      list.pendingOperator = operator === ';' || operator === '&' ? undefined : operator;
      continue;
    }
    if (code === OPEN_PAREN) {
      if (!atCommandPosition(list.cmd)) fail(`unexpected "(" at offset ${s.pos}`);
      if (src.charCodeAt(s.pos + 1) === OPEN_PAREN)
        fail(`arithmetic command "((" at offset ${s.pos} is not supported`);
      s.pos += 1;
      parseList(s, depth + 1, ')');
      list.cmd.hasContent = true;
      list.cmd.closed = true;
      list.pendingOperator = undefined;
      continue;
    }
    const redirection = redirectionAt(src, s.pos, code);
    if (redirection !== undefined) {
      const start = s.pos;
      s.pos += redirection.length;
      parseRedirection(s, depth, redirection, list.word);
      list.cmd.redirected = true;
      markToken(list, start, s.pos);
      continue;
    }
    const { word } = list;
    if (!lexWord(s, depth + 1, word))
      fail(`unexpected character ${JSON.stringify(src[s.pos])} at offset ${s.pos}`);
    const { cmd } = list;
    addWord(cmd, word, s);
    if (cmd.argv.length > 0 || cmd.assignments.length > 0) markToken(list, word.start, word.end);
    else {
      cmd.hasContent = true;
      list.pendingOperator = undefined;
    }
  }
}

/** Places a word: a reserved word, an assignment before the command name, or an argument. */
function addWord(cmd: CommandBuilder, word: LexedWord, s: Scan): void {
  if (cmd.closed) fail(`unexpected word ${JSON.stringify(word.raw)} after the end of a compound command`);
  const plain = !word.quoted && !word.dynamic;
  if (plain && atCommandPosition(cmd)) {
    if (cmd.afterTime && word.value === '-p') return;
    cmd.afterTime = false;
    const keyword = keywordKind(word.value);
    if (keyword === 'unsupported') fail(`"${word.value}" commands are not supported`);
    if (keyword === 'leading') {
      cmd.afterTime = word.value === 'time';
      return;
    }
    if (keyword === 'closing') {
      cmd.closed = true;
      return;
    }
  }
  cmd.afterTime = false;
  if (cmd.argv.length === 0 && isAssignment(word.raw)) {
    cmd.assignments.push(word.value);
    return;
  }
  cmd.argv.push(word.value);
  cmd.words.push({
    raw: word.raw,
    start: s.toSource(word.start),
    end: s.toSource(word.end),
    dynamic: word.dynamic,
    glob: word.glob,
  });
}

/** `NAME=` or `NAME+=` at the start of a word, as written (so `"A"=1` is not one). */
function isAssignment(raw: string): boolean {
  const first = raw.charCodeAt(0);
  if (!isNameStart(first)) return false;
  let index = 1;
  for (;;) {
    const code = raw.charCodeAt(index);
    if (code === EQUALS) return true;
    if (code === PLUS) return raw.charCodeAt(index + 1) === EQUALS;
    if (!isNameStart(code) && !(code >= DIGIT_0 && code <= DIGIT_9)) return false;
    index += 1;
  }
}

/** `[A-Za-z_]` */
function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === UNDERSCORE;
}

/** Blanks between tokens: spaces, tabs and backslash-newline line continuations. */
function skipBlanks(s: Scan): void {
  const { src } = s;
  for (;;) {
    const code = src.charCodeAt(s.pos);
    if (code === SPACE || code === TAB) s.pos += 1;
    else if (code === BACKSLASH && src.charCodeAt(s.pos + 1) === NEWLINE) s.pos += 2;
    else return;
  }
}

/** `&&`, `||`, `;;`, `;&`, `|&`, `;`, `|` or `&` at `pos` (whose code is `code`), longest first. */
function controlOperatorAt(src: string, pos: number, code: number): string | undefined {
  const next = src.charCodeAt(pos + 1);
  if (code === AMPERSAND) {
    if (next === AMPERSAND) return '&&';
    // `&>` and `&>>` redirect.
    return next === GREATER ? undefined : '&';
  }
  if (code === PIPE) return next === PIPE ? '||' : next === AMPERSAND ? '|&' : '|';
  if (code === SEMICOLON) return next === SEMICOLON ? ';;' : next === AMPERSAND ? ';&' : ';';
  return undefined;
}

/** The redirection operator at `pos`, with its descriptor number, e.g. `2>>`, or undefined. */
function redirectionAt(src: string, pos: number, code: number): string | undefined {
  if (code === AMPERSAND) {
    if (src.charCodeAt(pos + 1) !== GREATER) return undefined;
    return src.charCodeAt(pos + 2) === GREATER ? '&>>' : '&>';
  }
  let digitsEnd = pos;
  let at = code;
  while (at >= DIGIT_0 && at <= DIGIT_9) {
    digitsEnd += 1;
    at = src.charCodeAt(digitsEnd);
  }
  if (at !== LESS && at !== GREATER) return undefined;
  // `<(` and `>(` are process substitutions, lexed as words.
  const next = src.charCodeAt(digitsEnd + 1);
  if (next === OPEN_PAREN) return undefined;
  let operator: string;
  if (at === LESS) {
    if (next === LESS) {
      const third = src.charCodeAt(digitsEnd + 2);
      operator = third === LESS ? '<<<' : third === DASH ? '<<-' : '<<';
    } else operator = next === GREATER ? '<>' : next === AMPERSAND ? '<&' : '<';
  } else operator = next === GREATER ? '>>' : next === PIPE ? '>|' : next === AMPERSAND ? '>&' : '>';
  return digitsEnd === pos ? operator : src.slice(pos, digitsEnd) + operator;
}

/** The operator without its descriptor number: `2>>` → `>>`. */
function bareOperator(operator: string): string {
  let digits = 0;
  while (operator.charCodeAt(digits) >= DIGIT_0 && operator.charCodeAt(digits) <= DIGIT_9) digits += 1;
  return digits === 0 ? operator : operator.slice(digits);
}

function parseRedirection(s: Scan, depth: number, operator: string, target: LexedWord): void {
  skipBlanks(s);
  if (!lexWord(s, depth + 1, target)) fail(`redirection "${operator}" has no target`);
  const bare = bareOperator(operator);
  if (bare === '<<' || bare === '<<-') {
    s.heredocs.push({ delimiter: target.value, stripTabs: bare === '<<-', literal: target.quoted });
    s.out.redirections.push({ op: operator, target: target.value });
  } else if ((bare === '>&' || bare === '<&') && DESCRIPTOR.test(target.value)) {
    s.out.redirections.push({ op: bare, target: target.value });
  } else {
    s.out.redirections.push({ op: operator, target: target.value });
  }
}
