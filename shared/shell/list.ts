import { readHeredocBodies } from './heredoc.ts';
import { checkDepth, fail, type Scan } from './scanner.ts';
import type { ShellWord } from './types.ts';
import { type LexedWord, lexWord } from './word.ts';

/** Simple command being collected until an operator, newline or closer ends it. */
interface CommandBuilder {
  argv: string[];
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

/** Reserved words that open or continue a compound command; the next word is a command again. */
const LEADING_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{', 'time']);
/** Reserved words that close a compound command. */
const CLOSING_KEYWORDS = new Set(['fi', 'done', '}']);
/**
 * Compound commands whose bodies are not plain command lists (`case` patterns, `[[ a < b ]]`,
 * loop variables, function bodies). Refusing them keeps the segment list trustworthy.
 */
const UNSUPPORTED_KEYWORDS = new Set([
  'case',
  'esac',
  'for',
  'select',
  'function',
  'coproc',
  '[[',
  ']]',
  'in',
]);

const CONTROL_OPERATORS = ['&&', '||', ';;', ';&', '|&', ';', '|', '&'] as const;
const REDIRECTION_OPERATORS = ['<<<', '<<-', '<<', '<>', '<&', '<', '>>', '>|', '>&', '>'] as const;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const DESCRIPTOR = /^(\d+-?|-)$/;

/**
 * Parses a command list until `closer` (`)` for `$(…)`, `<(…)` and subshells) or the end of the
 * source. Every simple command found is pushed to `s.out.segments`.
 */
export function parseList(s: Scan, depth: number, closer: ')' | undefined): void {
  checkDepth(depth);
  const { src } = s;
  const open = s.pos;
  let cmd = newBuilder();
  // Set after `&&`, `||`, `|`, `|&`: a command must follow, possibly after newlines.
  let pendingOperator: string | undefined;

  const finishCommand = (): void => {
    if (cmd.argv.length > 0 || cmd.assignments.length > 0 || (cmd.redirected && !cmd.closed)) {
      s.out.segments.push({
        argv: cmd.argv,
        assignments: cmd.assignments,
        text: src.slice(cmd.start, cmd.end).trim(),
        words: cmd.words,
      });
    }
    cmd = newBuilder();
  };
  const markToken = (start: number, end: number): void => {
    if (cmd.start === -1) cmd.start = start;
    cmd.end = end;
    cmd.hasContent = true;
    pendingOperator = undefined;
  };

  for (;;) {
    skipBlanks(s);
    const c = src[s.pos];
    if (c === undefined || c === ')') {
      finishCommand();
      if (pendingOperator !== undefined) fail(`"${pendingOperator}" is not followed by a command`);
      if (s.heredocs.length > 0) fail(`heredoc "${s.heredocs[0]!.delimiter}" has no body`);
      if (c === undefined) {
        if (closer !== undefined) fail(`"(" at offset ${open - 1} is never closed`);
        return;
      }
      if (closer !== ')') fail(`unexpected ")" at offset ${s.pos}`);
      s.pos += 1;
      return;
    }
    if (c === '#') {
      const newline = src.indexOf('\n', s.pos);
      s.pos = newline === -1 ? src.length : newline;
      continue;
    }
    if (c === '\n') {
      finishCommand();
      s.pos += 1;
      readHeredocBodies(s, depth);
      continue;
    }
    const operator = controlOperatorAt(src, s.pos);
    if (operator !== undefined) {
      if (operator === ';;' || operator === ';&') fail(`"${operator}" (case) is not supported`);
      if (!cmd.hasContent) fail(`"${operator}" at offset ${s.pos} does not follow a command`);
      finishCommand();
      s.pos += operator.length;
      if (operator === '&') s.out.background = true;
      pendingOperator = operator === ';' || operator === '&' ? undefined : operator;
      continue;
    }
    if (c === '(') {
      if (!atCommandPosition(cmd)) fail(`unexpected "(" at offset ${s.pos}`);
      if (src[s.pos + 1] === '(') fail(`arithmetic command "((" at offset ${s.pos} is not supported`);
      s.pos += 1;
      parseList(s, depth + 1, ')');
      cmd.hasContent = true;
      cmd.closed = true;
      pendingOperator = undefined;
      continue;
    }
    const redirection = redirectionAt(src, s.pos);
    if (redirection !== undefined) {
      const start = s.pos;
      s.pos += redirection.length;
      parseRedirection(s, depth, redirection);
      cmd.redirected = true;
      markToken(start, s.pos);
      continue;
    }
    const word = lexWord(s, depth + 1);
    if (word === undefined) fail(`unexpected character ${JSON.stringify(c)} at offset ${s.pos}`);
    addWord(cmd, word);
    if (cmd.argv.length > 0 || cmd.assignments.length > 0) markToken(word.start, word.end);
    else {
      cmd.hasContent = true;
      pendingOperator = undefined;
    }
  }
}

/** Places a word: a reserved word, an assignment before the command name, or an argument. */
function addWord(cmd: CommandBuilder, word: LexedWord): void {
  if (cmd.closed) fail(`unexpected word ${JSON.stringify(word.raw)} after the end of a compound command`);
  const plain = !word.quoted && !word.dynamic;
  if (atCommandPosition(cmd) && plain) {
    if (cmd.afterTime && word.value === '-p') return;
    cmd.afterTime = false;
    if (UNSUPPORTED_KEYWORDS.has(word.value)) fail(`"${word.value}" commands are not supported`);
    if (LEADING_KEYWORDS.has(word.value)) {
      cmd.afterTime = word.value === 'time';
      return;
    }
    if (CLOSING_KEYWORDS.has(word.value)) {
      cmd.closed = true;
      return;
    }
  }
  cmd.afterTime = false;
  if (cmd.argv.length === 0 && ASSIGNMENT.test(word.raw)) {
    cmd.assignments.push(word.value);
    return;
  }
  cmd.argv.push(word.value);
  cmd.words.push({ raw: word.raw, dynamic: word.dynamic, glob: word.glob });
}

/** Blanks between tokens: spaces, tabs and backslash-newline line continuations. */
function skipBlanks(s: Scan): void {
  const { src } = s;
  for (;;) {
    const c = src[s.pos];
    if (c === ' ' || c === '\t') s.pos += 1;
    else if (c === '\\' && src[s.pos + 1] === '\n') s.pos += 2;
    else return;
  }
}

function controlOperatorAt(src: string, pos: number): string | undefined {
  for (const operator of CONTROL_OPERATORS) {
    if (!src.startsWith(operator, pos)) continue;
    // `&>` and `&>>` redirect; `|&` and `&&` were tried first.
    if (operator === '&' && src[pos + 1] === '>') return undefined;
    return operator;
  }
  return undefined;
}

/** The redirection operator at `pos`, with its descriptor number, e.g. `2>>`, or undefined. */
function redirectionAt(src: string, pos: number): string | undefined {
  if (src.startsWith('&>>', pos)) return '&>>';
  if (src.startsWith('&>', pos)) return '&>';
  let digitsEnd = pos;
  while (digitsEnd < src.length && src.charCodeAt(digitsEnd) >= 48 && src.charCodeAt(digitsEnd) <= 57)
    digitsEnd += 1;
  // `<(` and `>(` are process substitutions, lexed as words.
  if (src[digitsEnd + 1] === '(') return undefined;
  for (const operator of REDIRECTION_OPERATORS) {
    if (src.startsWith(operator, digitsEnd)) return src.slice(pos, digitsEnd) + operator;
  }
  return undefined;
}

function parseRedirection(s: Scan, depth: number, operator: string): void {
  skipBlanks(s);
  const target = lexWord(s, depth + 1);
  if (target === undefined) fail(`redirection "${operator}" has no target`);
  const bare = operator.replace(/^\d+/, '');
  if (bare === '<<' || bare === '<<-') {
    s.heredocs.push({ delimiter: target.value, stripTabs: bare === '<<-', literal: target.quoted });
    s.out.redirections.push({ op: operator, target: target.value });
  } else if ((bare === '>&' || bare === '<&') && DESCRIPTOR.test(target.value)) {
    s.out.redirections.push({ op: bare, target: target.value });
  } else {
    s.out.redirections.push({ op: operator, target: target.value });
  }
}
