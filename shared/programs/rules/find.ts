import type { ParsedProgram, ReadRule } from '../types.ts';

/** Tests and actions of GNU find that only look or print, with how many words each takes after it. */
const PRIMARIES: ReadonlyMap<string, number> = new Map([
  ...[
    '-name',
    '-iname',
    '-path',
    '-ipath',
    '-wholename',
    '-iwholename',
    '-regex',
    '-iregex',
    '-regextype',
  ].map((name) => [name, 1] as const),
  ...['-type', '-xtype', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer'].map(
    (name) => [name, 1] as const,
  ),
  ...['-anewer', '-cnewer', '-perm', '-user', '-group', '-uid', '-gid', '-links', '-inum', '-samefile'].map(
    (name) => [name, 1] as const,
  ),
  ...['-lname', '-ilname', '-maxdepth', '-mindepth', '-fstype', '-used', '-context', '-printf'].map(
    (name) => [name, 1] as const,
  ),
  ...['-empty', '-executable', '-readable', '-writable', '-nouser', '-nogroup', '-true', '-false'].map(
    (name) => [name, 0] as const,
  ),
  ...['-print', '-print0', '-ls', '-prune', '-quit', '-depth', '-mount', '-xdev', '-follow', '-noleaf'].map(
    (name) => [name, 0] as const,
  ),
  ...['-daystart', '-ignore_readdir_race', '-noignore_readdir_race', '-nowarn', '-warn'].map(
    (name) => [name, 0] as const,
  ),
  ...['(', ')', '!', ',', '-not', '-a', '-and', '-o', '-or'].map((name) => [name, 0] as const),
]);
/** `-newermt '2 days ago'`, `-newerBa file`. */
const NEWER_XY = /^-newer[aBcmt][aBcmt]$/;
/** Options before the starting points: which symlinks to follow. */
const LEADING = new Set(['-H', '-L', '-P']);

/**
 * find's expression, word by word: every primary is on the list above (so no `-exec`, `-execdir`,
 * `-ok`, `-okdir`, `-delete`, `-fprint`, `-fprint0`, `-fprintf`, `-fls`), its values are taken
 * by count as find takes them, and none of them is a pattern the shell would expand.
 */
export const findExpression: ReadRule = {
  says: 'starting points, then only the tests and actions listed in docs/engine.md (no -exec, -ok, -delete, -fprint…, -fls)',
  check: ({ operands }: ParsedProgram) => {
    let index = 0;
    while (index < operands.length && LEADING.has(operands[index]!.text)) index += 1;
    // Starting points: every word before the expression, which starts with "-", "(", "!" or ",".
    while (index < operands.length && !/^[-(!,)]/.test(operands[index]!.text)) index += 1;
    while (index < operands.length) {
      const { text, glob } = operands[index]!;
      const takes = PRIMARIES.get(text) ?? (NEWER_XY.test(text) ? 1 : undefined);
      if (takes === undefined || glob) return `find ${text} is not a test or action known to only read`;
      for (let value = 1; value <= takes; value += 1) {
        const word = operands[index + value];
        if (word === undefined) return `find ${text} has no value`;
        if (word.glob) return `find ${text} ${word.text}: the pattern is expanded by the shell first`;
      }
      index += takes + 1;
    }
    return undefined;
  },
};
