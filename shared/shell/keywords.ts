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

/** The kind of reserved word `word` is, or undefined for any other word. */
export function keywordKind(word: string): KeywordKind | undefined {
  return KEYWORDS.get(word);
}
