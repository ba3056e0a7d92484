/**
 * One read-only program (or git subcommand) and the options it may carry: data a reviewer checks
 * line by line against the program's manual. Anything not written here makes the command "not
 * read-only" — an option unknown to us, an abbreviation, a value where a flag was expected.
 */
export interface CommandSpec {
  /** The program name, or the git subcommand (`log`, `stash list`). */
  readonly name: string;
  /**
   * The short options, getopt style: a letter is a flag, `n:` takes a value (`-n 5`, `-n5`), `u::`
   * takes only an attached one (`-uno`). Flags cluster (`-la`) unless `noClusters` is set.
   */
  readonly shorts: string;
  /**
   * The long options, written in full: `name` is a flag, `name=` takes a value (`--name=v`,
   * `--name v`), `name=?` takes only an attached one (`--name=v`), `name==` takes two words
   * (jq's `--arg NAME VALUE`). Only exact names are accepted: an abbreviation may stand for an
   * option that is not listed, and we do not know every option of every version.
   */
  readonly longs: readonly string[];
  /** `-5` is a count (`head -5`, `git log -3`, `grep -2`). */
  readonly counts?: boolean;
  /** Each short option stands alone: `-ps` is one option to xxd, not `-p -s`. */
  readonly noClusters?: boolean;
  /** No argument is an option: `echo -rf` prints "-rf". */
  readonly freeform?: boolean;
  /** What must also hold of the operands and options, when more than "any file names". */
  readonly operands?: OperandRule;
}

/** A rule beyond the option list, in words for docs/engine.md and as a check. */
export interface OperandRule {
  /** One line for the table in docs/engine.md. */
  readonly says: string;
  /** Why this invocation is not read-only, or undefined when it is. */
  readonly check: (args: ParsedArgs) => string | undefined;
}

export interface ParsedOption {
  /** The option as its spec names it: a letter (`n`) or a long name (`lines`); `#` for `-5`. */
  readonly name: string;
  /** As written (`-n5`, `--lines=5`), for reasons. */
  readonly written: string;
  /** The value, when the option takes one and was given one. */
  readonly value?: string;
  /** jq's second word (`--arg NAME VALUE`). */
  readonly second?: string;
}

export interface ParsedOperand {
  readonly text: string;
  /** The shell may expand it to file names (several words). */
  readonly glob: boolean;
}

export interface ParsedArgs {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly ParsedOperand[];
}

export type ValueKind = 'flag' | 'value' | 'attached' | 'two';

/** A spec's options by name, with what each takes. */
export interface OptionTable {
  readonly shorts: ReadonlyMap<string, ValueKind>;
  readonly longs: ReadonlyMap<string, ValueKind>;
}

/** Reads `shorts` and `longs` as written in a spec. Throws on a malformed spec (a bug in the table). */
export function optionTable(spec: CommandSpec): OptionTable {
  const shorts = new Map<string, ValueKind>();
  for (let index = 0; index < spec.shorts.length; index += 1) {
    const letter = spec.shorts[index]!;
    if (letter === ':' || shorts.has(letter))
      throw new Error(`${spec.name}: bad short options ${spec.shorts}`);
    let kind: ValueKind = 'flag';
    if (spec.shorts[index + 1] === ':') {
      kind = spec.shorts[index + 2] === ':' ? 'attached' : 'value';
      index += kind === 'attached' ? 2 : 1;
    }
    shorts.set(letter, kind);
  }
  const longs = new Map<string, ValueKind>();
  for (const written of spec.longs) {
    const match = /^([a-z0-9][a-z0-9-]*)(=|=\?|==)?$/.exec(written);
    if (match === null || longs.has(match[1]!)) throw new Error(`${spec.name}: bad long option ${written}`);
    const suffix = match[2];
    longs.set(
      match[1]!,
      suffix === '=' ? 'value' : suffix === '=?' ? 'attached' : suffix === '==' ? 'two' : 'flag',
    );
  }
  return { shorts, longs };
}
