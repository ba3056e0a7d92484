import fc from 'fast-check';
import { LANGUAGE_OPERANDS, type OracleOptions, type OracleProgram, type ValueKind } from './grammar.ts';

/**
 * Commands made from a catalog entry, the way an agent (or an attacker) might write them: every
 * listed option in each of its spellings (`-n5`, `-n 5`, `--lines=5`, `--lines 5`), clusters
 * read both as getopt reads them and as tree does (`-Lo 1 f`), values that look like options,
 * options after operands, `--`, abbreviations, unlisted options, odd file names (`-a`,
 * `--output=x`, a space, a glob that expands to them), paths into the fake HOME, other
 * directories first (`cd sub && …`), git's own options, and redirections from the network.
 * The engine sorts them; the oracle runs those it calls read-only.
 */

/** A word of the command: quoted for bash unless `raw` (a glob, `~`, `$HOME` meant to expand). */
interface Word {
  readonly text: string;
  readonly raw?: boolean;
}

export interface Places {
  /** The marker program's path (MARKER in the catalog's seeds). */
  readonly marker: string;
  /** The listener's port (PORT). */
  readonly port: number;
}

export interface Generated {
  readonly program: OracleProgram;
  readonly command: string;
}

const word = (text: string): Word => ({ text });
const raw = (text: string): Word => ({ text, raw: true });

/** Single quotes unless the word is plain; a raw word as written. */
export function shellWord({ text, raw: asWritten }: Word): string {
  if (asWritten === true) return text;
  if (text !== '' && /^[A-Za-z0-9_./:=,+%@^-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function fill(text: string, places: Places): string {
  return text.replaceAll('MARKER', places.marker).replaceAll('PORT', String(places.port));
}

/** Operands: the fixture's files, files named like options, paths into HOME, globs. */
function operands(places: Places): fc.Arbitrary<Word> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('a.txt', 'b.txt', 'dir', 'data.json', '.', 'nosuch').map(word) },
    { weight: 3, arbitrary: fc.constantFrom('-a', '-o', '-n', '--output=x', '-rf', 'sp ace').map(word) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('homelink', 'awslink', 'sub', 'bare.git', 'plain', '..').map(word),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '~',
          '~/.aws/credentials',
          '~/.config/git/credentials',
          '~/.bash_history',
          '$HOME',
          '~/notes.txt',
        )
        .map(raw),
    },
    { weight: 2, arbitrary: fc.constantFrom('*', '*.txt', '-*', './*', '[-]*').map(raw) },
    { weight: 1, arbitrary: fc.constantFrom('/dev/null', fill('/dev/tcp/127.0.0.1/PORT', places)).map(word) },
  );
}

/** Values for options: plain, numbers, option-like, file names, paths into HOME. */
function values(places: Places): fc.Arbitrary<string> {
  return fc.constantFrom(
    '1',
    '3',
    '0',
    'x',
    'a.txt',
    'out',
    'recurse',
    'auto',
    '%s',
    ',',
    '-a',
    '-o',
    '--output=x',
    'homelink',
    places.marker,
    '~/.aws/credentials',
  );
}

function spellShort(letter: string, kind: ValueKind, value: string): fc.Arbitrary<Word[]> {
  if (kind === 'flag') return fc.constant([word(`-${letter}`)]);
  if (kind === 'attached') return fc.constantFrom([word(`-${letter}`)], [word(`-${letter}${value}`)]);
  return fc.constantFrom([word(`-${letter}`), word(value)], [word(`-${letter}${value}`)]);
}

function spellLong(name: string, kind: ValueKind, value: string): fc.Arbitrary<Word[]> {
  if (kind === 'flag') return fc.constant([word(`--${name}`)]);
  if (kind === 'attached') return fc.constantFrom([word(`--${name}`)], [word(`--${name}=${value}`)]);
  if (kind === 'two') return fc.constant([word(`--${name}`), word('name'), word(value)]);
  return fc.constantFrom([word(`--${name}=${value}`)], [word(`--${name}`), word(value)]);
}

/** One option of `options`, in one of its spellings, or a hostile near-miss of one. */
function option(
  options: OracleOptions,
  program: OracleProgram | undefined,
  places: Places,
): fc.Arbitrary<Word[]> {
  const shorts = [...options.shorts];
  const longs = [...options.longs];
  const choices: { weight: number; arbitrary: fc.Arbitrary<Word[]> }[] = [];
  if (shorts.length > 0) {
    choices.push({
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...shorts), values(places))
        .chain(([[letter, kind], value]) => spellShort(letter, kind, value)),
    });
    // A cluster: flags, and perhaps value-taking letters whose values are attached or follow.
    choices.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.array(fc.constantFrom(...shorts), { minLength: 2, maxLength: 3 }),
          fc.array(values(places), { minLength: 2, maxLength: 2 }),
          fc.boolean(),
        )
        .map(([letters, [first, second], following]) => {
          const cluster = `-${letters.map(([letter]) => letter).join('')}`;
          if (following) return [word(cluster), word(first!), word(second!)];
          return [word(`${cluster}${first}`)];
        }),
    });
  }
  if (longs.length > 0) {
    choices.push({
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...longs), values(places))
        .chain(([[name, kind], value]) => spellLong(name, kind, value)),
    });
    // An abbreviation, or a value given to a flag.
    choices.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...longs), fc.nat(), values(places))
        .map(([[name, kind], cut, value]) =>
          kind === 'flag' && cut % 2 === 0
            ? [word(`--${name}=${value}`)]
            : [
                word(
                  `--${name.slice(0, Math.max(2, name.length - 1 - (cut % Math.max(1, name.length - 2))))}`,
                ),
              ],
        ),
    });
  }
  choices.push({
    weight: 1,
    arbitrary: fc.constantFrom('-Q', '-9', '--nope', '--').map((text) => [word(text)]),
  });
  if (program?.counts === true)
    choices.push({ weight: 1, arbitrary: fc.constantFrom([word('-5')], [word('-1')]) });
  return fc.oneof(...choices);
}

/** Words run first: another directory, for every program; for git, a repository elsewhere too. */
function context(program: OracleProgram): fc.Arbitrary<string> {
  const elsewhere =
    program.executable === 'git'
      ? [
          'cd sub && ',
          'cd plain && ',
          'cd bare.git && ',
          'GIT_DIR=bare.git ',
          'cd sub/. && ',
          'cd "$HOME" && ',
        ]
      : ['cd dir && ', 'cd homelink && ', 'cd sub && ', 'cd ~/.aws && '];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fc.constantFrom(...elsewhere) },
  );
}

/** Redirections after the command, most of them harmless. */
function redirection(places: Places): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ' 2>/dev/null',
        ' 2>&1',
        ' < a.txt',
        " <<< 'alpha beta'",
        ' > out',
        fill(' < /dev/tcp/127.0.0.1/PORT', places),
        fill(' 0<>/dev/tcp/127.0.0.1/PORT', places),
      ),
    },
  );
}

function command(program: OracleProgram, places: Places): fc.Arbitrary<string> {
  const seeds = (LANGUAGE_OPERANDS[program.name] ?? []).map((words) =>
    words.map((text) => word(fill(text, places))),
  );
  const item = program.freeform
    ? operands(places).map((operand) => [operand])
    : fc.oneof(
        { weight: 3, arbitrary: option(program, program, places) },
        { weight: 2, arbitrary: operands(places).map((operand) => [operand]) },
      );
  const seed: fc.Arbitrary<Word[]> =
    seeds.length === 0
      ? fc.constant<Word[]>([])
      : fc.oneof(
          { weight: 1, arbitrary: fc.constant<Word[]>([]) },
          { weight: 3, arbitrary: fc.constantFrom(...seeds) },
        );
  const globals =
    program.globals === undefined
      ? fc.constant<Word[]>([])
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<Word[]>([]) },
          { weight: 1, arbitrary: option(program.globals, undefined, places) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              [word('-C'), word('sub')],
              [word('--git-dir=bare.git')],
              [word('-c'), word(`core.pager=${places.marker}`)],
              [word('--work-tree=sub')],
              [word('--no-pager')],
              [word('--no-optional-locks')],
            ),
          },
        );
  return fc
    .record({
      context: context(program),
      globals,
      items: fc.array(item, { maxLength: 4 }),
      seed,
      at: fc.nat(),
      redirection: redirection(places),
    })
    .map(({ context: before, globals: own, items, seed: language, at, redirection: after }) => {
      const words = items.flat();
      const position = at % (words.length + 1);
      const argv = [...words.slice(0, position), ...language, ...words.slice(position)];
      const [executable, ...rest] = program.prefix.map(word);
      const all = [executable!, ...own, ...rest, ...argv];
      return `${before}${all.map(shellWord).join(' ')}${after}`;
    });
}

/** `count` commands for `program`, from fast-check's global seed (the caller sets it). */
export function generateCommands(program: OracleProgram, places: Places, count: number): Generated[] {
  return fc.sample(fc.noBias(command(program, places)), count).map((text) => ({ program, command: text }));
}

/** Long options whose value is a number, by name; every other value is a file name (`a.txt`). */
const NUMERIC =
  /count|num|width|depth|size|max|min|lines|bytes|context|skip|length|tab|indent|threads|columns|limit|abbrev|chars|fields|level|interval|stats|parallel|wrap|radix|unified/;

/** How many options one sweep command carries: few enough that one bad value hides few others. */
const SWEEP_CHUNK = 6;

/**
 * Every listed option at least once, deterministically: the entry's options in order, six to a
 * command, each in its plainest spelling, before a file (or the program's first language operand).
 */
export function sweepCommands(program: OracleProgram, places: Places): Generated[] {
  const spelled: Word[][] = [];
  for (const [letter, kind] of program.shorts) {
    if (kind === 'flag') spelled.push([word(`-${letter}`)]);
    else if (kind === 'attached') spelled.push([word(`-${letter}1`)]);
    else spelled.push([word(`-${letter}`), word('1')]);
  }
  for (const [name, kind] of program.longs) {
    const value = NUMERIC.test(name) ? '1' : 'a.txt';
    if (kind === 'flag') spelled.push([word(`--${name}`)]);
    else if (kind === 'two') spelled.push([word(`--${name}`), word('name'), word(value)]);
    else spelled.push([word(`--${name}=${value}`)]);
  }
  const seed = LANGUAGE_OPERANDS[program.name]?.[0];
  const operand = (seed ?? ['a.txt']).map((text) => word(fill(text, places)));
  const commands: Generated[] = [];
  for (let at = 0; at < spelled.length; at += SWEEP_CHUNK) {
    const words = [...program.prefix.map(word), ...spelled.slice(at, at + SWEEP_CHUNK).flat(), ...operand];
    commands.push({ program, command: words.map(shellWord).join(' ') });
  }
  return commands;
}
