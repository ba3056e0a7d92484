import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG, optionTable, type ProgramEntry } from '../../shared/programs/index.ts';
import { isReadOnlyCommand } from '../../shared/readonly/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/**
 * Generated from the catalog itself (shared/programs): a command made only of an entry's listed
 * options that merely read (in any of their spellings) and plain operands is read-only; the same
 * command with one option replaced by one that is not listed — an unknown letter, a longer or
 * shorter (abbreviated) long name, a value given to a flag — is not, nor is it with an option
 * that writes or runs, nor with the operand an entry says is written (`xxd IN OUT`, `uniq IN OUT`).
 */
interface Entry {
  prefix: string[];
  entry: ProgramEntry;
}

const entries: Entry[] = CATALOG.filter((entry) => entry.readOnly).flatMap((entry) =>
  entry.subcommands === undefined
    ? entry.freeform === true
      ? []
      : [{ prefix: [entry.name], entry }]
    : entry.subcommands
        .filter((sub) => sub.readOnly)
        .map((sub) => ({ prefix: [entry.name, ...sub.name.split(' ')], entry: sub })),
);

const READING = new Set(['reads', 'walks']);

/** Whether the option `name` (given `value`) only reads, by the entry's effects. */
function onlyReads(entry: ProgramEntry, name: string): boolean {
  const effects = Object.entries(entry.effects ?? {}).filter(
    ([key]) => key === name || key.startsWith(`${name}=`),
  );
  return effects.every(([, list]) => list.every((effect) => READING.has(effect)));
}

/** Every way each listed option of `entry` that only reads may be written, as words. */
function listedSpellings(entry: ProgramEntry): string[][] {
  const table = optionTable(entry);
  const following = entry.clusters === 'following';
  const spellings: string[][] = [];
  for (const [letter, kind] of table.shorts) {
    if (!onlyReads(entry, letter)) continue;
    if (kind === 'flag') spellings.push([`-${letter}`]);
    else if (kind === 'attached') spellings.push([`-${letter}`], [`-${letter}7`]);
    else spellings.push([`-${letter}`, '7'], ...(following ? [] : [[`-${letter}7`]]));
  }
  for (const [long, kind] of table.longs) {
    if (!onlyReads(entry, long)) continue;
    if (kind === 'flag') spellings.push([`--${long}`]);
    else if (kind === 'attached') spellings.push([`--${long}`], [`--${long}=7`]);
    else if (kind === 'two') spellings.push([`--${long}`, 'name', '7']);
    else spellings.push([`--${long}=7`], [`--${long}`, '7']);
  }
  return spellings;
}

/** Options of the entry that write, run or do more than read, in one spelling each. */
function effectfulSpellings(entry: ProgramEntry): string[][] {
  const table = optionTable(entry);
  const spelled: string[][] = [];
  for (const [name, kind] of [...table.shorts, ...table.longs]) {
    if (onlyReads(entry, name)) continue;
    const dashes = name.length === 1 ? '-' : '--';
    spelled.push(kind === 'flag' || kind === 'attached' ? [`${dashes}${name}`] : [`${dashes}${name}`, 'x']);
  }
  return spelled;
}

/** Options the entry does not list, one spelling each: each must make the command not read-only. */
function unlistedSpellings(entry: ProgramEntry): string[][] {
  const table = optionTable(entry);
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

/** How many plain operands a generated command may carry without reaching an operand that is written. */
function operandRoom(entry: ProgramEntry): number {
  const positions = entry.operands?.positions ?? [];
  const written = positions.findIndex((role) => role === 'writes' || role === 'command');
  return Math.min(2, written === -1 ? 2 : written, entry.operands?.max ?? 2);
}

const commandOf = (entry: Entry) =>
  fc.tuple(
    listedSpellings(entry.entry).length === 0
      ? fc.constant<string[][]>([])
      : fc.array(fc.constantFrom(...listedSpellings(entry.entry)), { maxLength: 4 }),
    fc.array(fc.constantFrom('src', 'file.txt', 'a/b.ts'), { maxLength: operandRoom(entry.entry) }),
  );

const plainEntries = entries.filter(
  (entry) => entry.entry.rule === undefined && listedSpellings(entry.entry).length > 0,
);

/** A generated command the engine calls read-only, from any entry (with a rule: options only). */
const readOnlyCommand = fc
  .constantFrom(...entries)
  .chain((entry) =>
    fc.tuple(
      fc.constant(entry),
      entry.entry.rule === undefined ? commandOf(entry) : fc.constant([[], []] as [string[][], string[]]),
    ),
  )
  .filter(([entry, [options, operands]]) => readOnly([...entry.prefix, ...options.flat(), ...operands]));

describe('read-only options, generated from the catalog', () => {
  it('admits any mix of listed reading options and plain operands', () => {
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

  it('refuses a read-only command with one option turned into an unlisted one, or one put anywhere', () => {
    fc.assert(
      fc.property(
        readOnlyCommand.chain(([entry, command]) =>
          fc.tuple(
            fc.constant(entry),
            fc.constant(command),
            fc.constantFrom(...unlistedSpellings(entry.entry)),
            fc.nat(),
            fc.boolean(),
          ),
        ),
        ([entry, [options, operands], unlisted, where, replace]) => {
          const mixed = [...options];
          const at = where % (mixed.length + 1);
          if (replace && at < mixed.length) mixed.splice(at, 1, unlisted);
          else mixed.splice(at, 0, unlisted);
          const words = [...entry.prefix, ...mixed.flat(), ...operands];
          expect(readOnly(words), words.join(' ')).toBe(false);
        },
      ),
    );
  });

  it('refuses a read-only command given an option that writes, runs or works elsewhere', () => {
    const withEffects = entries.filter((entry) => effectfulSpellings(entry.entry).length > 0);
    expect(withEffects.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(
        readOnlyCommand
          .filter(([entry]) => effectfulSpellings(entry.entry).length > 0)
          .chain(([entry, command]) =>
            fc.tuple(
              fc.constant(entry),
              fc.constant(command),
              fc.constantFrom(...effectfulSpellings(entry.entry)),
            ),
          ),
        ([entry, [options, operands], effectful]) => {
          const words = [...entry.prefix, ...options.flat(), ...effectful, ...operands];
          expect(readOnly(words), words.join(' ')).toBe(false);
        },
      ),
    );
  });

  it('refuses a read-only command given the operand its entry says is written', () => {
    const withOutput = entries.filter((entry) => entry.entry.operands?.positions?.includes('writes'));
    expect(withOutput.map((entry) => entry.prefix.join(' ')).sort()).toEqual(['uniq', 'xxd']);
    fc.assert(
      fc.property(
        fc.constantFrom(...withOutput).chain((entry) => fc.tuple(fc.constant(entry), commandOf(entry))),
        fc.constantFrom('out', '-a', '--', '-', 'x.hex', '--output=x'),
        ([entry, [options, operands]], output) => {
          const positions = entry.entry.operands!.positions!;
          const before = positions.indexOf('writes');
          const inputs = [...operands, 'in', 'in2'].slice(0, before);
          const words = [...entry.prefix, ...options.flat(), ...inputs, output];
          // `--` ends the options rather than being an operand; a word after it is the output.
          const full = output === '--' ? [...words, 'out'] : words;
          expect(readOnly(full), full.join(' ')).toBe(false);
        },
      ),
    );
  });

  it('refuses a listed long option written as an abbreviation, for every entry', () => {
    for (const entry of entries) {
      for (const long of optionTable(entry.entry).longs.keys()) {
        const prefix = long.slice(0, -2);
        if (prefix.length < 2 || optionTable(entry.entry).longs.has(prefix)) continue;
        expect(readOnly([...entry.prefix, `--${prefix}`]), `${entry.prefix.join(' ')} --${prefix}`).toBe(
          false,
        );
      }
    }
  });
});
