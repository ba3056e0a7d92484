/**
 * The `*` wildcard of Claude Code's command and argument rules: `*` matches any run of characters,
 * spaces included; `\*` is a literal star and `\\` a literal backslash. Matching is linear in the
 * text for each literal piece (leftmost `indexOf` is exact for star-only globs), so a rule with many
 * stars cannot make matching explode the way a backtracking regular expression would.
 */
export interface StarGlob {
  test(text: string): boolean;
  /** Unescaped text before the first wildcard, for "does the rule's command appear here" checks. */
  readonly literalPrefix: string;
  readonly wildcards: number;
  /**
   * The space-separated words every text it matches begins with, each complete: `git * main` gives
   * `git`, `npm test` gives `npm`, `test`; `*x` and `np*` give none. Used to index command rules.
   */
  readonly leadingWords: readonly string[];
}

/** Splits a pattern on unescaped stars and unescapes the pieces. */
export function splitOnStars(pattern: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const c = pattern[index]!;
    const next = pattern[index + 1];
    if (c === '\\' && (next === '*' || next === '\\')) {
      piece += next;
      index += 1;
    } else if (c === '*') {
      pieces.push(piece);
      piece = '';
    } else piece += c;
  }
  pieces.push(piece);
  return pieces;
}

export function compileStarGlob(pattern: string, ignoreCase = false): StarGlob {
  const pieces = splitOnStars(ignoreCase ? pattern.toLowerCase() : pattern);
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const test = (input: string): boolean => {
    const text = ignoreCase ? input.toLowerCase() : input;
    if (pieces.length === 1) return text === first;
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last))
      return false;
    let from = first.length;
    const until = text.length - last.length;
    for (const piece of middle) {
      const at = text.indexOf(piece, from);
      if (at === -1 || at + piece.length > until) return false;
      from = at + piece.length;
    }
    return true;
  };
  // Without a wildcard the text is the pattern; otherwise only words followed by a space in the
  // literal start are complete (the last one may go on past the star).
  const words = first.split(' ');
  const leadingWords = pieces.length === 1 ? words : words.slice(0, -1);
  return {
    test,
    literalPrefix: splitOnStars(pattern)[0]!,
    wildcards: pieces.length - 1,
    leadingWords: ignoreCase ? [] : leadingWords,
  };
}
