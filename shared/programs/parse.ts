import type { ShellSegment } from '../shell/index.ts';
import { catalogEntry, optionTable } from './catalog.ts';
import type { OptionTable, ValueKind } from './options.ts';
import type {
  Effect,
  OperandGrammar,
  OperandRole,
  ParsedCommand,
  ParsedOperand,
  ParsedOption,
  ProgramEntry,
  UnsureCommand,
} from './types.ts';

/** One word after the program's name, as the shell hands it over. */
export interface Argument {
  readonly text: string;
  /** The shell may expand it to file names. */
  readonly glob: boolean;
  /** Its value is known only when it runs (`$x`, `$(…)`, `{a,b}`). */
  readonly dynamic: boolean;
  /** Where it is in the segment's argv. */
  readonly index: number;
}

/**
 * A program run by path is the listed one only from the system's own directories, which the
 * user's account cannot write; `./ls` or `~/bin/cat` may be anything.
 */
const SYSTEM_DIRECTORY = /^\/(?:usr\/)?bin\/([^/]+)$/;

/**
 * A value given as the next word may start with "-" only as a number (`tail -n -5`,
 * `date -d '-1 day'`) or as "-" (stdin): if the entry wrongly said an option takes a value, the
 * word after it would be the program's next option, and that option would go unchecked.
 */
const SEPARATE_VALUE = /^(?:[^-]|-$|-[\d\s])/;
const COUNT = /^-\d+$/;
/** `--include=*.c` expands only to `--include=…` words. */
const LONG_WITH_PATTERN_VALUE = /^--[a-z0-9-]+=[^*?[]*$/;

/** The listed name a command word stands for: itself, or `/usr/bin/NAME`; undefined for another path. */
export function programName(written: string): string | undefined {
  if (!written.includes('/')) return written;
  return SYSTEM_DIRECTORY.exec(written)?.[1];
}

/**
 * Reads one simple command against its catalog entry, once. Unsure (and so refused by every
 * policy) when the program is not listed, a word that could be an option is known only at run
 * time or is a pattern that may expand to options, or an option, value or operand count is not
 * what the entry describes.
 */
export function parseSegment(segment: ShellSegment): ParsedCommand {
  const { argv, words } = segment;
  const written = argv[0];
  if (written === undefined) return unsure('the command runs no program');
  if (words === undefined || words.length !== argv.length)
    return unsure(`${JSON.stringify(segment.text)} could not be analysed word by word`);
  const first = words[0]!;
  if (first.dynamic) return unsure(`the program's name ${first.raw} is known only when it runs`);
  // A lone `[` is no pattern: it has no closing bracket.
  if (first.glob && first.raw !== '[')
    return unsure(`${JSON.stringify(written)} names the program by a pattern`);
  const program = programName(written);
  if (program === undefined)
    return unsure(`${JSON.stringify(written)} is run by path and may be any program`);
  const entry = catalogEntry(program);
  if (entry === undefined) return unsure(`${JSON.stringify(program)} is not in the program catalog`, program);
  const args: Argument[] = [];
  for (let index = 1; index < argv.length; index += 1)
    args.push({ text: argv[index]!, glob: words[index]!.glob, dynamic: words[index]!.dynamic, index });
  return parseArguments(entry, program, args);
}

/** Reads `args` (the words after the program's name, or after a subcommand) against `entry`. */
export function parseArguments(
  entry: ProgramEntry,
  program: string,
  args: readonly Argument[],
  /** The entry's options when the caller read them once (an entry made from a catalog entry). */
  table: OptionTable = optionTable(entry),
): ParsedCommand {
  const options: ParsedOption[] = [];
  const operands: ParsedOperand[] = [];
  const grammar = entry.operands ?? {};
  const positions = grammar.positions ?? [];
  // A pattern may become several operands: refused only where a later position matters.
  const counted =
    grammar.max !== undefined || positions.some((role) => role === 'writes' || role === 'command');
  const stopsAtOperand = entry.permute === false || entry.subcommands !== undefined;
  const say = (reason: string): UnsureCommand => unsure(reason, program, entry);
  let ended = entry.freeform === true;
  let dashDash = false;
  for (let at = 0; at < args.length; at += 1) {
    const arg = args[at]!;
    const text = arg.text;
    if (ended || text === '-' || !text.startsWith('-')) {
      if (!ended && arg.dynamic)
        return say(`${JSON.stringify(text)} is known only when it runs and may be an option`);
      // `rg x *` with a file named `--pre=sh`: a pattern that can start with "-" is an option injection.
      if (!(ended && entry.freeform !== true) && arg.glob && mayStartWithDash(text))
        return say(`${JSON.stringify(text)} is a pattern that may expand to options`);
      if (counted && arg.glob) return say(`${JSON.stringify(text)} may expand to more operands than written`);
      const role: OperandRole = positions[operands.length] ?? grammar.rest ?? 'reads';
      if (entry.subcommands !== undefined && operands.length === 0)
        return subcommand(entry, program, options, args.slice(at));
      if (role === 'command')
        return {
          kind: 'parsed',
          program,
          entry,
          options,
          operands,
          wrapped: { argv: args.slice(at).map((word) => word.text), offset: arg.index },
        };
      operands.push({ text, glob: arg.glob, role, index: arg.index });
      if (grammar.max !== undefined && operands.length > grammar.max)
        return say(`${program} with more than ${grammar.max} operand(s) is not what its entry describes`);
      if (stopsAtOperand) ended = true;
      continue;
    }
    if (text === '--' && entry.endOfOptions !== false) {
      ended = true;
      dashDash = true;
      continue;
    }
    if (arg.dynamic) return say(`${JSON.stringify(text)} is known only when it runs`);
    if (arg.glob && !LONG_WITH_PATTERN_VALUE.test(text.slice(0, firstGlobChar(text))))
      return say(`${JSON.stringify(text)} is a pattern that may expand to options`);
    const next = (): string | undefined => {
      const word = args[at + 1];
      if (word === undefined || word.glob || word.dynamic || !SEPARATE_VALUE.test(word.text))
        return undefined;
      at += 1;
      return word.text;
    };
    if (entry.counts === true && COUNT.test(text)) {
      options.push({ name: '#', written: text, value: text.slice(1), effects: [] });
      continue;
    }
    const parsed = text.startsWith('--')
      ? longOption(entry, table, program, text, next)
      : shortOptions(entry, table, program, text, next);
    if (typeof parsed === 'string') return say(parsed);
    options.push(...parsed);
    if (entry.endsOptions?.some((name) => parsed.some((option) => option.name === name)) === true)
      ended = true;
  }
  const replaced = grammar.positionsUnless?.some((name) => options.some((option) => option.name === name));
  if (replaced === true) {
    const rest = grammar.rest ?? 'reads';
    return {
      kind: 'parsed',
      program,
      entry,
      options,
      operands: operands.map((operand) => ({ ...operand, role: rest })),
      ...(dashDash ? { dashDash } : {}),
    };
  }
  return {
    kind: 'parsed',
    program,
    entry,
    options,
    operands: withLast(grammar, options, operands),
    ...(dashDash ? { dashDash } : {}),
  };
}

/** The last of two or more operands takes the role `grammar.last` gives it (cp's destination). */
function withLast(
  grammar: OperandGrammar,
  options: readonly ParsedOption[],
  operands: readonly ParsedOperand[],
): readonly ParsedOperand[] {
  const last = grammar.last;
  if (last === undefined || operands.length < 2) return operands;
  if (last.unless?.some((name) => options.some((option) => option.name === name)) === true) return operands;
  return [...operands.slice(0, -1), { ...operands[operands.length - 1]!, role: last.role }];
}

/** The first one or two operands name the subcommand (`stash list` before `stash`). */
function subcommand(
  entry: ProgramEntry,
  program: string,
  options: readonly ParsedOption[],
  rest: readonly Argument[],
): ParsedCommand {
  const subcommands = entry.subcommands!;
  const one = rest[0]!;
  const two = rest[1];
  const pair = two === undefined || two.dynamic ? undefined : `${one.text} ${two.text}`;
  const twoWords = pair === undefined ? undefined : subcommands.find((candidate) => candidate.name === pair);
  const found = twoWords ?? subcommands.find((candidate) => candidate.name === one.text);
  if (one.dynamic || one.glob)
    return unsure(
      `"${program} ${one.text}" names its subcommand by a word known only when it runs`,
      program,
      entry,
    );
  // An unlisted subcommand: the program's own options are read; the subcommand is unsure.
  if (found === undefined) {
    const reason = `"${program} ${pair ?? one.text}" is not in the program catalog`;
    const named: UnsureCommand = { ...unsure(reason, `${program} ${one.text}`), at: one.index + 1 };
    return { kind: 'parsed', program, entry, options, operands: [], subcommand: named };
  }
  const parsed = parseArguments(
    found,
    `${program} ${found.name}`,
    rest.slice(twoWords === undefined ? 1 : 2),
  );
  return { kind: 'parsed', program, entry, options, operands: [], subcommand: parsed };
}

/**
 * Whether a pattern may expand to a word starting with "-": it starts with `*` or `?`, or with a
 * bracket class that may hold "-" (`[!a]*`, `[-x]*`, `[a-z-]*`). `[a-z]*` and `src/*` may not.
 */
function mayStartWithDash(text: string): boolean {
  if (text.startsWith('*') || text.startsWith('?')) return true;
  if (!text.startsWith('[')) return false;
  const close = text.indexOf(']', 2);
  if (close === -1) return true;
  const body = text.slice(1, close);
  if (/^[!^]/.test(body) || body.includes('\\') || body.includes('[')) return true;
  // "-" is a literal only first or last; between two characters it makes a range, which may span "-".
  if (body.startsWith('-') || body.endsWith('-')) return true;
  return [...body.matchAll(/(.)-(.)/g)].some(([, from, to]) => from! <= '-' && '-' <= to!);
}

function firstGlobChar(text: string): number {
  const at = text.search(/[*?[]/);
  return at === -1 ? text.length : at;
}

/**
 * What an option does: by its value first (`d=read`), then for any other value (`d=*`: grep's
 * `-d rec` is an abbreviation of `recurse`), then by its name.
 */
function effectsOf(entry: ProgramEntry, name: string, value?: string): readonly Effect[] {
  const effects = entry.effects;
  if (effects === undefined) return NO_EFFECTS;
  if (value !== undefined) {
    const exact = `${name}=${value}`;
    if (Object.hasOwn(effects, exact)) return effects[exact]!;
    const other = `${name}=*`;
    if (Object.hasOwn(effects, other)) return effects[other]!;
  }
  return Object.hasOwn(effects, name) ? effects[name]! : NO_EFFECTS;
}

/** What an option that only changes the output does: one shared, frozen empty list. */
const NO_EFFECTS: readonly Effect[] = Object.freeze([]);

function longOption(
  entry: ProgramEntry,
  table: OptionTable,
  program: string,
  text: string,
  next: () => string | undefined,
): ParsedOption[] | string {
  const equals = text.indexOf('=');
  const name = equals === -1 ? text.slice(2) : text.slice(2, equals);
  const attached = equals === -1 ? undefined : text.slice(equals + 1);
  const kind: ValueKind | undefined = table.longs.get(name);
  if (kind === undefined)
    return `${program} --${name} is not an option its entry lists (abbreviations are not read)`;
  if (kind === 'flag')
    return attached === undefined
      ? [{ name, written: text, effects: effectsOf(entry, name) }]
      : `${program} --${name} takes no value`;
  if (kind === 'attached')
    return [
      {
        name,
        written: text,
        effects: effectsOf(entry, name, attached),
        ...(attached === undefined ? {} : { value: attached }),
      },
    ];
  const value = attached ?? next();
  if (value === undefined) return `${program} --${name} has no value we can read`;
  const effects = effectsOf(entry, name, value);
  if (kind === 'value') return [{ name, written: text, value, effects }];
  const second = next();
  if (second === undefined) return `${program} --${name} has no second value we can read`;
  return [{ name, written: text, value, second, effects }];
}

function shortOptions(
  entry: ProgramEntry,
  table: OptionTable,
  program: string,
  text: string,
  next: () => string | undefined,
): ParsedOption[] | string {
  const clusters = entry.clusters ?? 'attached';
  if (clusters === 'none' && text.length > 2) {
    // Each option is a word of its own; only a value may be attached (`-c8`).
    const kind = table.shorts.get(text[1]!);
    if (kind !== 'value' && kind !== 'attached')
      return `${program} reads ${text} as one option its entry does not list`;
  }
  const options: ParsedOption[] = [];
  for (let at = 1; at < text.length; at += 1) {
    const letter = text[at]!;
    const kind = table.shorts.get(letter);
    if (kind === undefined || kind === 'two') return `${program} -${letter} is not an option its entry lists`;
    if (kind === 'flag') {
      options.push({ name: letter, written: `-${letter}`, effects: effectsOf(entry, letter) });
      continue;
    }
    if (clusters === 'following') {
      // tree: every value-taking letter of a cluster takes the next word, in order.
      if (kind === 'attached') return `${program} -${letter} takes a value we cannot place`;
      const value = next();
      if (value === undefined) return `${program} -${letter} has no value we can read`;
      options.push({
        name: letter,
        written: `-${letter} ${value}`,
        value,
        effects: effectsOf(entry, letter, value),
      });
      continue;
    }
    const rest = text.slice(at + 1);
    if (kind === 'attached') {
      const value = rest === '' ? undefined : rest;
      options.push({
        name: letter,
        written: text,
        effects: effectsOf(entry, letter, value),
        ...(value === undefined ? {} : { value }),
      });
      return options;
    }
    const value = rest === '' ? next() : rest;
    if (value === undefined) return `${program} -${letter} has no value we can read`;
    options.push({ name: letter, written: text, value, effects: effectsOf(entry, letter, value) });
    return options;
  }
  return options;
}

function unsure(reason: string, program?: string, entry?: ProgramEntry): UnsureCommand {
  return {
    kind: 'unsure',
    reason,
    ...(program === undefined ? {} : { program }),
    ...(entry === undefined ? {} : { entry }),
  };
}
