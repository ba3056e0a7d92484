/** Reserved words that open or continue a compound command; the next word is a command again. */
const LEADING_KEYWORDS = ['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{', 'time'];
/** Reserved words that close a compound command. */
const CLOSING_KEYWORDS = ['fi', 'done', '}'];
/**
 * Compound commands whose bodies are not plain command lists (`case` patterns, `[[ a < b ]]`,
 * loop variables, function bodies). Refusing them keeps the segment list trustworthy.
 */
const UNSUPPORTED_KEYWORDS = ['case', 'esac', 'for', 'select', 'function', 'coproc', '[[', ']]', 'in'];

export type KeywordKind = 'leading' | 'closing' | 'unsupported';

/** What a plain word at command position is to the parser, when it is a reserved word. */
const KEYWORDS: ReadonlyMap<string, KeywordKind> = new Map([
  ...LEADING_KEYWORDS.map((word) => [word, 'leading'] as const),
  ...CLOSING_KEYWORDS.map((word) => [word, 'closing'] as const),
  ...UNSUPPORTED_KEYWORDS.map((word) => [word, 'unsupported'] as const),
]);

/**
 * First characters of reserved words, one flag per ASCII code (all of them are ASCII): most
 * command names are rejected by one table read, which cost less than asking a Set of numbers.
 */
const KEYWORD_STARTS = new Uint8Array(128);
for (const word of KEYWORDS.keys()) KEYWORD_STARTS[word.charCodeAt(0)] = 1;
const LONGEST_KEYWORD = Math.max(...[...KEYWORDS.keys()].map((word) => word.length));

/** The kind of reserved word `word` is, or undefined for any other word. */
export function keywordKind(word: string): KeywordKind | undefined {
  return keywordKindAt(word, 0, word.length);
}

/**
 * `keywordKind` of the word `text.slice(start, end)`, sliced only when its length and first
 * character allow a reserved word: most command names (`npm`, `git`) are turned away in place.
 */
export function keywordKindAt(text: string, start: number, end: number): KeywordKind | undefined {
  // A code past ASCII (or NaN, for an empty word) reads undefined from the table.
  if (end - start > LONGEST_KEYWORD || KEYWORD_STARTS[text.charCodeAt(start)] !== 1) return undefined;
  return KEYWORDS.get(text.slice(start, end));
}
