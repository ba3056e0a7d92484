/**
 * Paths and shell globs as the shield compares them: split into segments, each segment a list of
 * tokens (a character, `?`, `*`, a bracket class), so that "could this glob name that file?" is
 * asked of two patterns at once. A literal path is a glob without wildcards.
 *
 * Everything is lowered first: file systems that fold case (macOS, Windows) open `.ENV` as
 * `.env`, so the shield reads names the way they do, failing closed on the others.
 */

import { cleanName } from '../paths/normalize.ts';

export type Token =
  | { type: 'char'; char: string }
  | { type: 'any' }
  | { type: 'star' }
  | { type: 'class'; chars: string; negated: boolean };

/** One segment of a path: `**` stands for any number of whole segments. */
export type Segment = readonly Token[] | 'globstar';

/** Where a path starts: the root, a home directory (`~`, `$HOME`, `/root`, `/home/NAME`), or unknown. */
export type Anchor = 'root' | 'home' | 'relative';

export interface PathPattern {
  anchor: Anchor;
  segments: readonly Segment[];
}

/** Most alternatives a brace expansion is taken apart into; past it each brace group reads as `*`. */
const MOST_ALTERNATIVES = 64;

/** `a{b,c}d` → `abd`, `acd`; nested groups too, up to MOST_ALTERNATIVES. */
export function expandBraces(glob: string): string[] {
  let alternatives = [glob];
  for (let round = 0; round < 8; round += 1) {
    const next: string[] = [];
    let changed = false;
    for (const text of alternatives) {
      const group = innermostGroup(text);
      if (group === undefined) {
        next.push(text);
        continue;
      }
      changed = true;
      const [start, end] = group;
      const body = text.slice(start + 1, end);
      const choices = body.includes(',') ? body.split(',') : rangeOf(body);
      for (const choice of choices ?? [`{${body}}`.replace(/[{}]/g, '')])
        next.push(text.slice(0, start) + choice + text.slice(end + 1));
    }
    alternatives = next;
    if (!changed) return alternatives;
    if (alternatives.length > MOST_ALTERNATIVES) break;
  }
  // Too many or too deep: every group stands for anything.
  return [glob.replace(/\{[^/]*\}/g, '*')];
}

/** The innermost `{…}` group, as the indices of its braces. */
function innermostGroup(text: string): [number, number] | undefined {
  const close = text.indexOf('}');
  if (close < 0) return undefined;
  const open = text.lastIndexOf('{', close);
  return open < 0 ? undefined : [open, close];
}

/** `{1..3}`, `{a..c}`: short ranges only, which is all a file name needs. */
function rangeOf(body: string): string[] | undefined {
  const range = /^(-?\w)\.\.(-?\w)$/.exec(body);
  if (!range) return undefined;
  const [from, to] = [range[1]!.charCodeAt(0), range[2]!.charCodeAt(0)];
  const out: string[] = [];
  for (let code = Math.min(from, to); code <= Math.max(from, to) && out.length < 16; code += 1)
    out.push(String.fromCharCode(code));
  return out;
}

function tokensOf(segment: string, glob: boolean): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment[index]!;
    if (!glob) tokens.push({ type: 'char', char });
    else if (char === '*') {
      if (tokens.at(-1)?.type !== 'star') tokens.push({ type: 'star' });
    } else if (char === '?') tokens.push({ type: 'any' });
    else if (char === '[') {
      const close = segment.indexOf(']', index + 2);
      if (close < 0) tokens.push({ type: 'char', char });
      else {
        let body = segment.slice(index + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        tokens.push({ type: 'class', chars: expandClass(body), negated });
        index = close;
      }
    } else tokens.push({ type: 'char', char });
  }
  return tokens;
}

/** `a-z0-9_` → every character it names (ranges bounded, which a file name's class always is). */
function expandClass(body: string): string {
  let chars = '';
  for (let index = 0; index < body.length; index += 1) {
    const from = body[index]!;
    const to = body[index + 2];
    if (body[index + 1] === '-' && to !== undefined) {
      for (let code = from.charCodeAt(0); code <= to.charCodeAt(0) && chars.length < 512; code += 1)
        chars += String.fromCharCode(code);
      index += 2;
    } else chars += from;
  }
  return chars;
}

/** Home directories written out: `/root`, `/home/NAME`, `/Users/NAME` (lowered). */
function homeLength(parts: readonly string[]): number {
  if (parts[0] === 'root') return 1;
  if ((parts[0] === 'home' || parts[0] === 'users') && parts.length >= 2) return 2;
  return 0;
}

/** A path as the shield reads it, before any wildcard is looked at: where it starts, and its names. */
export interface NormalizedPath {
  anchor: Anchor;
  /** Its segments, lowered, with `.` and `..` resolved and a home directory written out dropped. */
  parts: readonly string[];
}

/**
 * `path` lowered and resolved: `$HOME` and `C:/Users/NAME` are homes, `cwd` resolves a relative
 * path when known, `.` and `..` are resolved (`..` above the start is dropped: a relative path
 * whose base is unknown may be anywhere, and the secret list compares ends). Each name is cleaned
 * as the one path normaliser cleans it (shared/paths/normalize.ts: trailing dots and spaces,
 * NTFS streams, invisible characters), except that a glob's bracket class keeps its `:`.
 */
export function normalizePath(path: string, cwd?: string): NormalizedPath {
  let text = path
    .trim()
    .replace(/^["']|["']$/g, '')
    .replaceAll('\\', '/')
    .toLowerCase();
  text = text.replace(/^(?:\$home|\$\{home\})(?=\/|$)/, '~');
  if (cwd !== undefined && !/^[/~]/.test(text) && !/^[a-z]:\//.test(text))
    text = `${cwd.toLowerCase().replaceAll('\\', '/')}/${text}`;
  // `C:/Users/NAME/…` is a home too; `\\?\C:\…` is the same path.
  text = text.replace(/^\/\/[?.]\//, '').replace(/^\/?[a-z]:\//, '/');
  let anchor: Anchor = 'relative';
  let parts = text.split('/');
  if (parts[0] === '') anchor = 'root';
  else if (parts[0]!.startsWith('~')) anchor = 'home';
  parts = parts.slice(anchor === 'relative' ? 0 : 1);
  const resolved: string[] = [];
  for (const written of parts) {
    const part = written.includes('[') ? written : cleanName(written);
    if (part === '' || part === '.') continue;
    if (part === '..') resolved.pop();
    else resolved.push(part);
  }
  if (anchor === 'root') {
    const home = homeLength(resolved);
    if (home > 0) return { anchor: 'home', parts: resolved.slice(home) };
  }
  return { anchor, parts: resolved };
}

/**
 * `path` as a pattern. `glob` says whether `*`, `?`, `[…]` are wildcards (an unquoted shell
 * word, a Glob tool's pattern) or characters (a Read tool's file path). `cwd` resolves a
 * relative path when known, as in `normalizePath`.
 */
export function pathPattern(path: string, glob: boolean, cwd?: string): PathPattern {
  const { anchor, parts } = normalizePath(path, cwd);
  return {
    anchor,
    segments: parts.map((part) => (glob && part === '**' ? 'globstar' : tokensOf(part, glob))),
  };
}

/** A token as a regular expression over one segment's characters (never a `/`). */
function tokenSource(token: Token): string {
  switch (token.type) {
    case 'char':
      return token.char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    case 'any':
      return '[^/]';
    case 'star':
      return '[^/]*';
    case 'class': {
      const chars = token.chars.replace(/[\\\]^[-]/g, '\\$&');
      if (token.negated) return `[^/${chars}]`;
      return chars === '' ? '(?!)' : `[${chars}]`;
    }
  }
}

/** One segment as a regular expression: its tokens in order, `**` as any run of whole segments. */
function segmentSource(segment: Segment): string {
  if (segment === 'globstar') return '(?:/[^/]*)*';
  return `/${segment.map(tokenSource).join('')}`;
}

/**
 * Which literal paths end in segments matching `tail` (a glob's segments, `**` among them): the
 * same question `endsWith` asks of two patterns, for a path without wildcards, where it is plain
 * matching. The expression is tested on `literalPathText(...)`, every segment led by a `/`.
 * Glob tokens cannot match a `/`, and a table's globs have at most one `*` a segment, so the
 * match takes time linear in the path.
 */
export function literalTailMatcher(tail: readonly Segment[]): RegExp {
  return new RegExp(`${tail.map(segmentSource).join('')}$`);
}

/** Which literal segments match `segment` whole (a name of an entry's `unless`). */
export function literalSegmentMatcher(segment: Segment): RegExp {
  return new RegExp(`^${segmentSource(segment).slice(1)}$`);
}

/** A literal path's segments as `literalTailMatcher`'s expressions read them: `/a/b/c`. */
export function literalPathText(parts: readonly string[]): string {
  let text = '';
  for (const part of parts) text += `/${part}`;
  return text;
}

/** Whether a character some string could hold at this place fits both tokens. */
function tokensMeet(a: Token, b: Token): boolean {
  if (a.type === 'any' || b.type === 'any') return true;
  if (a.type === 'class' && b.type === 'class') return true;
  if (a.type === 'class' && b.type === 'char') return a.chars.includes(b.char) !== a.negated;
  if (b.type === 'class' && a.type === 'char') return b.chars.includes(a.char) !== b.negated;
  return a.type === 'char' && b.type === 'char' && a.char === b.char;
}

/**
 * How many characters of a name matching both `a` and `b` stand for a written character in
 * both (at most, over every such name), or -1 when no name matches both. `*.ts` meets
 * `secret.*` only in `.`: a name both could be, but not one the glob spells out.
 */
export function segmentScore(a: Segment, b: Segment): number {
  if (a === 'globstar' || b === 'globstar') return 0;
  const width = b.length + 1;
  const best = new Int32Array((a.length + 1) * width).fill(-1);
  best[0] = 0;
  // Every move raises i + j, so the states are visited in an order where each is final when read.
  for (let sum = 0; sum <= a.length + b.length; sum += 1) {
    for (let i = Math.max(0, sum - b.length); i <= Math.min(a.length, sum); i += 1) {
      const j = sum - i;
      const score = best[i * width + j]!;
      if (score < 0) continue;
      const raise = (ni: number, nj: number, by: number) => {
        const at = ni * width + nj;
        if (best[at]! < score + by) best[at] = score + by;
      };
      const x = a[i];
      const y = b[j];
      if (x?.type === 'star') raise(i + 1, j, 0);
      if (y?.type === 'star') raise(i, j + 1, 0);
      if (x === undefined || y === undefined) continue;
      if (x.type === 'star' && y.type !== 'star') raise(i, j + 1, 0);
      else if (y.type === 'star' && x.type !== 'star') raise(i + 1, j, 0);
      else if (x.type !== 'star' && y.type !== 'star' && tokensMeet(x, y))
        raise(i + 1, j + 1, x.type === 'char' && y.type === 'char' ? 1 : 0);
    }
  }
  return best[a.length * width + b.length]!;
}

/** Whether some one segment's name matches both `a` and `b`. */
export function segmentsMeet(a: Segment, b: Segment): boolean {
  return segmentScore(a, b) >= 0;
}

/**
 * How many of a table segment's written characters a path's segment must spell out to be taken
 * for it: two, or all when it has fewer. `.e*` spells `.e` of `.env`; `*` spells nothing of
 * `id_rsa`, and `*.ts` only the `.` of `secret.*`.
 */
function needed(segment: Segment): number {
  if (segment === 'globstar') return 0;
  return Math.min(2, segment.filter((token) => token.type === 'char').length);
}

/** Whether the segment holds no wildcard, so it names exactly one name. */
export function isLiteral(segment: Segment): boolean {
  return segment !== 'globstar' && segment.every((token) => token.type === 'char');
}

/**
 * Whether every name `segment` can match ends in `suffix` (a literal): true when the segment's
 * last tokens are that suffix's characters. Used to tell that `*.pub` only names public keys.
 */
export function endsWithLiteral(segment: Segment, suffix: string): boolean {
  if (segment === 'globstar' || segment.length < suffix.length) return false;
  const tail = segment.slice(segment.length - suffix.length);
  return tail.every((token, index) => token.type === 'char' && token.char === suffix[index]);
}

/**
 * Whether some path matching `path` ends in segments matching `tail` (both may hold `**`), each
 * of the path's segments spelling out enough of the tail's (`needed`): the head before the tail
 * is free.
 */
export function endsWith(path: readonly Segment[], tail: readonly Segment[]): boolean {
  const memo = new Map<number, boolean>();
  const width = tail.length + 1;
  const fits = (i: number, j: number): boolean => {
    if (j === 0) return true;
    if (i === 0) return tail.slice(0, j).every((segment) => segment === 'globstar');
    const key = i * width + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = path[i - 1]!;
    const t = tail[j - 1]!;
    let result: boolean;
    if (p === 'globstar') result = fits(i - 1, j) || (needed(t) === 0 && fits(i, j - 1));
    else if (t === 'globstar') result = fits(i, j - 1) || fits(i - 1, j);
    else result = segmentScore(p, t) >= needed(t) && fits(i - 1, j - 1);
    memo.set(key, result);
    return result;
  };
  return fits(path.length, tail.length);
}

/** Whether some path matching `path` starts with segments matching `head`. */
export function startsWith(path: readonly Segment[], head: readonly Segment[]): boolean {
  if (path.some((segment) => segment === 'globstar')) return true;
  return head.length <= path.length && head.every((segment, index) => segmentsMeet(path[index]!, segment));
}

/** Whether `inner` occurs as consecutive segments anywhere in `path`. */
export function contains(path: readonly Segment[], inner: readonly Segment[]): boolean {
  for (let start = 0; start + inner.length <= path.length; start += 1) {
    if (inner.every((segment, index) => segmentsMeet(path[start + index]!, segment))) return true;
  }
  return path.some((segment) => segment === 'globstar');
}
