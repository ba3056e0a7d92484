/**
 * Gitignore-style globs matched by simulating their automaton: O(path x pattern) time whatever the
 * input. The `ignore` and `picomatch` packages compile globs to backtracking regular expressions;
 * an ordinary rule with two double-star segments against a 4,096-character path from an agent
 * takes them many seconds (test/unit/path-glob.test.ts pins this), which would let one tool call
 * stall the Durable Object that evaluates it.
 *
 * Syntax: `*` any run within a segment, `?` one character but a slash, `[a-z]` and `[!a-z]`
 * classes, a backslash makes the next character literal. A double star that is a whole segment
 * spans any number of directories (at the start, inside, or at the end of the glob); elsewhere it
 * acts as a single star. A glob that matches a directory matches everything inside it, as in a
 * .gitignore.
 */

type Token =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]> }
  | { kind: 'star' }
  | { kind: 'dirs' }
  | { kind: 'any' }
  | { kind: 'anyOne' };

export interface PathGlob {
  /** True when `path` (relative, normalized, no leading `/`) or one of its parent directories matches. */
  test(path: string): boolean;
}

export function compilePathGlob(glob: string, ignoreCase: boolean): PathGlob {
  const tokens = tokenize(ignoreCase ? glob.toLowerCase() : glob);
  const size = tokens.length;
  const skippable = tokens.map(
    (token) => token.kind === 'star' || token.kind === 'dirs' || token.kind === 'any',
  );

  // Epsilon moves only go one token forward, so one forward pass closes a state set.
  const close = (states: Uint8Array): void => {
    for (let index = 0; index < size; index += 1)
      if (states[index] === 1 && skippable[index]) states[index + 1] = 1;
  };

  const test = (input: string): boolean => {
    const path = ignoreCase ? input.toLowerCase() : input;
    let at = new Uint8Array(size + 1);
    // `inside[j]`: within the directories a `dirs` token at j is skipping, before their closing `/`.
    let inside = new Uint8Array(size + 1);
    at[0] = 1;
    close(at);
    for (const char of path) {
      // A match that ends right before a `/` matched a parent directory: everything inside counts.
      if (char === '/' && at[size] === 1) return true;
      const nextAt = new Uint8Array(size + 1);
      const nextInside = new Uint8Array(size + 1);
      let alive = false;
      for (let index = 0; index < size; index += 1) {
        if (inside[index] === 1) {
          nextInside[index] = 1;
          if (char === '/') nextAt[index + 1] = 1;
          alive = true;
        }
        if (at[index] !== 1) continue;
        const token = tokens[index]!;
        switch (token.kind) {
          case 'char':
            if (char === token.char) nextAt[index + 1] = 1;
            break;
          case 'one':
            if (char !== '/') nextAt[index + 1] = 1;
            break;
          case 'class':
            if (char !== '/' && inClass(token, char) !== token.negated) nextAt[index + 1] = 1;
            break;
          case 'star':
            if (char !== '/') nextAt[index] = 1;
            break;
          case 'any':
            nextAt[index] = 1;
            break;
          case 'anyOne':
            nextAt[index + 1] = 1;
            break;
          case 'dirs':
            nextInside[index] = 1;
            if (char === '/') nextAt[index + 1] = 1;
            break;
        }
        alive = true;
      }
      if (!alive) return false;
      close(nextAt);
      at = nextAt;
      inside = nextInside;
    }
    return at[size] === 1;
  };
  return { test };
}

function inClass(token: { ranges: Array<[string, string]> }, char: string): boolean {
  return token.ranges.some(([low, high]) => char >= low && char <= high);
}

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  const chars = Array.from(glob);
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    if (char === '\\' && index + 1 < chars.length) {
      index += 1;
      tokens.push({ kind: 'char', char: chars[index]! });
    } else if (char === '*') {
      let end = index;
      while (chars[end + 1] === '*') end += 1;
      const wholeSegment =
        (index === 0 || chars[index - 1] === '/') && (end + 1 === chars.length || chars[end + 1] === '/');
      if (end > index && wholeSegment) {
        if (end + 1 === chars.length) {
          // `/**` at the end: at least one more character; `**` alone: anything.
          tokens.push(index === 0 ? { kind: 'any' } : { kind: 'anyOne' }, { kind: 'any' });
        } else {
          tokens.push({ kind: 'dirs' });
          end += 1; // the `/` after `**` belongs to `dirs`
        }
      } else tokens.push({ kind: 'star' });
      index = end;
    } else if (char === '?') tokens.push({ kind: 'one' });
    else if (char === '[') {
      const parsed = parseClass(chars, index);
      if (parsed === undefined) tokens.push({ kind: 'char', char });
      else {
        tokens.push(parsed.token);
        index = parsed.end;
      }
    } else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

/** `[abc]`, `[a-z]`, `[!x]`, `[^x]`; undefined when there is no closing `]` (then `[` is literal). */
function parseClass(chars: readonly string[], open: number): { token: Token; end: number } | undefined {
  let index = open + 1;
  const negated = chars[index] === '!' || chars[index] === '^';
  if (negated) index += 1;
  const ranges: Array<[string, string]> = [];
  let first = true;
  for (; index < chars.length; index += 1) {
    let char = chars[index]!;
    if (char === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: index };
    first = false;
    if (char === '\\' && index + 1 < chars.length) {
      index += 1;
      char = chars[index]!;
    }
    if (chars[index + 1] === '-' && chars[index + 2] !== undefined && chars[index + 2] !== ']') {
      ranges.push([char, chars[index + 2]!]);
      index += 2;
    } else ranges.push([char, char]);
  }
  return undefined;
}
