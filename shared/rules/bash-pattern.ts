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
  };
}

/** The words both lists begin with: a text matching either begins with them. */
function commonStart(a: readonly string[], b: readonly string[]): readonly string[] {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return a.slice(0, length);
}

const SPACE = 32;

/** `npm test` with an optional ` *` after it: the command is the text itself, or it and a space and anything. */
function wordPrefix(text: string): (command: string) => boolean {
  return (command) =>
    command.startsWith(text) && (command.length === text.length || command.charCodeAt(text.length) === SPACE);
}
