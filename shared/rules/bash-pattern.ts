import { compileStarGlob, type StarGlob } from './star-glob.ts';
import { RuleError } from './types.ts';

/** A compiled `Bash(…)` specifier: tests one rendered simple command. */
export interface CommandPattern {
  test(command: string): boolean;
  /** The command text before any wildcard, trimmed; empty when the rule starts with `*`. */
  readonly literalPrefix: string;
  /**
   * Words every command it matches begins with (split on single spaces, as commands are rendered):
   * `npm run test:*` gives npm, run, test; `* --version` none. The rule index files rules under them.
   */
  readonly leadingWords: readonly string[];
  /**
   * `test(words.join(' '))` for a command written as `words` one space apart, none of them empty
   * or holding a blank (a simply written command, bash-simple.ts), where the pattern can tell from
   * the words alone: `npm test:*` compares the first two words and reads no text.
   */
  readonly testWords?: (words: readonly string[]) => boolean;
}

/**
 * Claude Code's three forms:
 * - `npm run test:*` (legacy prefix): `npm run test` itself, or followed by a space and anything.
 *   The boundary is a word: `npm run test:unit` and `npm run tests` do NOT match.
 * - `git * main`: `*` matches any characters, spaces included. A single trailing ` *` is optional,
 *   so `ls *` matches `ls` and `ls -la` but not `lsof`.
 * - `git status`: exactly that command.
 * Whitespace runs in the rule count as one space, as in the rendered command.
 */
export function compileCommandPattern(rule: string, specifier: string): CommandPattern {
  const normalized = specifier.replace(/\s+/g, ' ').trim();
  const legacyAt = normalized.indexOf(':*');
  if (legacyAt !== -1 && legacyAt !== normalized.length - 2) {
    throw new RuleError(rule, '":*" is only allowed at the end of a Bash rule');
  }
  if (legacyAt !== -1) {
    const base = normalized.slice(0, -2).trimEnd();
    if (base === '') throw new RuleError(rule, '":*" needs a command before it');
    return optionalTail(compileStarGlob(base), compileStarGlob(`${base} *`));
  }
  const glob = compileStarGlob(normalized);
  if (glob.wildcards === 1 && normalized.endsWith(' *') && !normalized.endsWith('\\ *')) {
    return optionalTail(compileStarGlob(normalized.slice(0, -2)), glob);
  }
  return { test: glob.test, literalPrefix: glob.literalPrefix.trim(), leadingWords: glob.leadingWords };
}

function optionalTail(bare: StarGlob, withTail: StarGlob): CommandPattern {
  const literalPrefix = bare.literalPrefix.trim();
  const leadingWords = commonStart(bare.leadingWords, withTail.leadingWords);
  if (bare.wildcards !== 0) {
    return { test: (command) => bare.test(command) || withTail.test(command), literalPrefix, leadingWords };
  }
  return {
    test: wordPrefix(bare.literalPrefix),
    literalPrefix,
    leadingWords,
    testWords: wordsPrefix(bare.literalPrefix.split(' ')),
  };
}

/** The words both lists begin with: a text matching either begins with them. */
function commonStart(a: readonly string[], b: readonly string[]): readonly string[] {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return a.slice(0, length);
}

const SPACE = 32;

/**
 * `wordPrefix(prefix.join(' '))` for a text of words one space apart, none empty or holding a
 * blank: such a text begins with the prefix and then ends or has a space exactly when its words
 * begin with the prefix's words (an empty word of the prefix, from two spaces in a row, matches
 * no word and so no such text, as the text comparison would not either).
 */
function wordsPrefix(prefix: readonly string[]): (words: readonly string[]) => boolean {
  // One and two words, most rules (`make:*`, `npm test:*`), compared without a loop.
  if (prefix.length === 1) {
    const [only] = prefix;
    return (words) => words.length >= 1 && words[0] === only;
  }
  if (prefix.length === 2) {
    const [first, second] = prefix;
    return (words) => words.length >= 2 && words[0] === first && words[1] === second;
  }
  return (words) => {
    if (words.length < prefix.length) return false;
    for (let index = 0; index < prefix.length; index += 1) if (words[index] !== prefix[index]) return false;
    return true;
  };
}

/**
 * `npm test` with an optional ` *` after it, the commonest rule of all, as one comparison: the
 * command is the text itself or begins with it and a space (what the two globs together match).
 */
function wordPrefix(text: string): (command: string) => boolean {
  return (command) =>
    command.startsWith(text) && (command.length === text.length || command.charCodeAt(text.length) === SPACE);
}
