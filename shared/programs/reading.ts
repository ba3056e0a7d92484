import { catalogEntry } from './catalog.ts';
import { parseArguments } from './parse.ts';
import type { ParsedCommand, ParsedProgram, ProgramEntry } from './types.ts';

/**
 * A simple command's words with the catalog's one parse of them (`parseSegment`, made once per
 * call in CallFacts.programs): what every policy that reads the same words reads, instead of
 * parsing them again.
 */
export interface Reading {
  /** The simple command's words, its program's name first. */
  readonly argv: readonly string[];
  readonly parsed: ParsedCommand;
}

/** Whether the parse read every word with confidence, its subcommand's included. */
function readWhole(parsed: ParsedCommand): parsed is ParsedProgram {
  if (parsed.kind !== 'parsed') return false;
  return parsed.subcommand === undefined || readWhole(parsed.subcommand);
}

/** Whether `args` are the words of `reading` after its program's name. */
function sameWords(reading: Reading, args: readonly string[]): boolean {
  const { argv } = reading;
  if (argv.length !== args.length + 1) return false;
  for (let at = 0; at < args.length; at += 1) if (argv[at + 1] !== args[at]) return false;
  return true;
}

/**
 * `args` (the words after a program's name) read against the entry `name`, with every word taken
 * as written: the one parse in `reading` when it is of these words against this entry and read
 * every word with confidence — reading them again would give the same options and operands —
 * else a parse made now. Made now: words the one parse was unsure of (an expansion, a pattern,
 * an unlisted option: an unsure parse is where a policy's own fallback reads words as text), and
 * words no simple command of the call holds as they are (the command a wrapper runs, `find
 * -exec`'s). `reading` is that of the simple command the words come from, when the caller has it.
 */
export function parseWords(name: string, args: readonly string[], reading?: Reading): ParsedCommand {
  const entry: ProgramEntry | undefined = catalogEntry(name);
  if (entry === undefined) return { kind: 'unsure', reason: `${name} is not in the program catalog` };
  if (reading !== undefined && reading.parsed.kind === 'parsed' && reading.parsed.entry === entry) {
    if (readWhole(reading.parsed) && sameWords(reading, args)) return reading.parsed;
  }
  return parseArguments(
    entry,
    name,
    args.map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 })),
  );
}
