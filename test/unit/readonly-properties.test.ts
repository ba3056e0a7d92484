import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GIT_SUBCOMMANDS } from '../../shared/readonly/git.ts';
import { isReadOnlyCommand, READ_ONLY_PROGRAMS } from '../../shared/readonly/index.ts';
import { type CommandSpec, optionTable } from '../../shared/readonly/spec.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/**
 * Generated from the table itself: a command made only of an entry's listed options (in any of
 * their spellings) and plain operands is read-only; the same command with one option that is
 * not listed — an unknown letter, a longer or shorter (abbreviated) long name, a value given to
 * a flag — is not. Entries with an operand rule are only tried the second way.
 */
interface Entry {
  prefix: string[];
  spec: CommandSpec;
}

const entries: Entry[] = [
  ...READ_ONLY_PROGRAMS.filter((spec) => spec.freeform !== true).map((spec) => ({
    prefix: [spec.name],
    spec,
  })),
  ...GIT_SUBCOMMANDS.map((spec) => ({ prefix: ['git', ...spec.name.split(' ')], spec })),
];

/** Every way each listed option of `spec` may be written, as words. */
function listedSpellings(spec: CommandSpec): string[][] {
  const table = optionTable(spec);
  const spellings: string[][] = [];
  for (const [letter, kind] of table.shorts) {
    if (kind === 'flag') spellings.push([`-${letter}`]);
    else if (kind === 'attached') spellings.push([`-${letter}`], [`-${letter}7`]);
    else spellings.push([`-${letter}`, '7'], [`-${letter}7`]);
  }
  for (const [long, kind] of table.longs) {
    if (kind === 'flag') spellings.push([`--${long}`]);
    else if (kind === 'attached') spellings.push([`--${long}`], [`--${long}=7`]);
    else if (kind === 'two') spellings.push([`--${long}`, 'name', '7']);
    else spellings.push([`--${long}=7`], [`--${long}`, '7']);
  }
  return spellings;
}

/** Options the spec does not list, one spelling each: each must make the command not read-only. */
function unlistedSpellings(spec: CommandSpec): string[][] {
  const table = optionTable(spec);
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
  const unlisted: string[][] = letters
    .filter((letter) => !table.shorts.has(letter))
    .map((letter) => [`-${letter}`]);
  for (const [long, kind] of table.longs) {
    unlisted.push([`--${long}x`]);
    const prefix = long.slice(0, -1);
    if (prefix.length > 1 && !table.longs.has(prefix)) unlisted.push([`--${prefix}`]);
    if (kind === 'flag') unlisted.push([`--${long}=7`]);
  }
  if (unlisted.length === 0) unlisted.push(['--not-an-option']);
  return unlisted.filter(([word]) => !table.longs.has(word!.slice(2)));
}

const readOnly = (words: readonly string[]): boolean =>
  isReadOnlyCommand(analyzeShell(words.join(' ')), '/work/repo').readOnly;

const plainEntries = entries.filter(
  (entry) => entry.spec.operands === undefined && listedSpellings(entry.spec).length > 0,
);

const commandOf = (entry: Entry) =>
  fc.tuple(
    listedSpellings(entry.spec).length === 0
      ? fc.constant<string[][]>([])
      : fc.array(fc.constantFrom(...listedSpellings(entry.spec)), { maxLength: 4 }),
    fc.array(fc.constantFrom('src', 'file.txt', 'a/b.ts'), { maxLength: 2 }),
  );

describe('read-only options, generated from the table', () => {
  it('admits any mix of listed options and plain operands', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...plainEntries).chain((entry) => fc.tuple(fc.constant(entry), commandOf(entry))),
        ([entry, [options, operands]]) => {
          const words = [...entry.prefix, ...options.flat(), ...operands];
          expect(readOnly(words), words.join(' ')).toBe(true);
        },
      ),
    );
  });

  it('refuses the same command with one unlisted option put anywhere among them', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...entries)
          .chain((entry) =>
            fc.tuple(
              fc.constant(entry),
              entry.spec.operands === undefined
                ? commandOf(entry)
                : fc.constant([[], []] as [string[][], string[]]),
              fc.constantFrom(...unlistedSpellings(entry.spec)),
              fc.nat(),
            ),
          ),
        ([entry, [options, operands], unlisted, where]) => {
          const mixed = [...options];
          mixed.splice(where % (mixed.length + 1), 0, unlisted);
          const words = [...entry.prefix, ...mixed.flat(), ...operands];
          expect(readOnly(words), words.join(' ')).toBe(false);
        },
      ),
    );
  });

  it('refuses a listed long option written as an abbreviation, for every entry', () => {
    for (const entry of entries) {
      for (const long of optionTable(entry.spec).longs.keys()) {
        const prefix = long.slice(0, -2);
        if (prefix.length < 2 || optionTable(entry.spec).longs.has(prefix)) continue;
        expect(readOnly([...entry.prefix, `--${prefix}`]), `${entry.prefix.join(' ')} --${prefix}`).toBe(
          false,
        );
      }
    }
  });
});
