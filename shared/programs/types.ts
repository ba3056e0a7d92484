/**
 * The program catalog's shape: one `ProgramEntry` per program (shared/programs/README.md). An
 * entry holds the program's argument grammar and what each option and operand does, as data a
 * reviewer checks line by line against the program's manual.
 */

/**
 * What an option, an operand or the program itself does, beyond printing to stdout:
 * - `reads`: reads a file named by the word (or, for the program, files it is given).
 * - `writes`: writes, creates, removes or renames a file.
 * - `runs`: runs a program or code (a pager, a decompressor, a hook, a script).
 * - `network`: opens a network connection.
 * - `environment`: prints the environment, where tokens live.
 * - `secrets`: prints secrets other than the environment (credentials, keys).
 * - `system`: changes the system (the clock, the host name, a mount, a service).
 * - `walks`: reads the contents of whole directory trees (`grep -r`, `rg`, `diff -r`), so the
 *   files it reads are not named.
 * - `links`: follows symbolic links it meets while walking (`grep -R`, `rg -L`, `diff -r`), so
 *   a link inside the working directory takes it anywhere, the home folder included.
 * - `endless`: never ends by itself (`tail -f` follows a file until it is killed), so the call
 *   would hold the agent, and whatever is appended later is read unseen.
 * - `elsewhere`: works on another directory or repository than the working directory's own
 *   (`git -C`, `--git-dir`), whose configuration chooses programs that run.
 * - `stdin-names`: reads the names of what it opens (objects, paths) from stdin, where the
 *   words of the command do not show them (`git cat-file --batch`, `--stdin`).
 */
export type Effect =
  | 'reads'
  | 'writes'
  | 'runs'
  | 'network'
  | 'environment'
  | 'secrets'
  | 'system'
  | 'walks'
  | 'links'
  | 'endless'
  | 'elsewhere'
  | 'stdin-names';

/**
 * What an operand is: a file read (`reads`), a file written (`writes`, `xxd IN OUT`'s OUT), text
 * that names no file (`text`: a pattern, a format, a jq program), or the first word of a command
 * the program runs (`command`; the words from there on are the wrapped command).
 */
export type OperandRole = 'reads' | 'writes' | 'text' | 'command';

/** The catalog's families, one file each under shared/programs/. */
export type Family =
  | 'shell'
  | 'files'
  | 'search'
  | 'text'
  | 'bytes'
  | 'system-info'
  | 'git'
  | 'network'
  | 'packages'
  | 'cloud'
  | 'interpreters'
  | 'system'
  | 'wrappers'
  | 'editing';

/** Which operand has which role, by position; `rest` for every operand after `positions`. */
export interface OperandGrammar {
  readonly positions?: readonly OperandRole[];
  /** Role of the operands after `positions`; `reads` when absent. */
  readonly rest?: OperandRole;
  /**
   * Options that take the place of `positions` (grep's `-e PATTERN`, `-f FILE`): with one of
   * them anywhere, every operand has the `rest` role.
   */
  readonly positionsUnless?: readonly string[];
  /**
   * The role of the last of two or more operands (cp, mv, ln, install: the destination), unless
   * one of `unless` is given (`-t DIR` names the destination instead).
   */
  readonly last?: { readonly role: OperandRole; readonly unless?: readonly string[] };
  /** More operands than this: the program reads them in a way the entry does not describe (unsure). */
  readonly max?: number;
}

/**
 * A check beyond the grammar, for programs with a language of their own (sed, awk, find, jq,
 * test, printf, `date +FORMAT`, `git config`): why the parsed command is not a plain read, or
 * undefined when it is. `says` is its line in docs/engine.md.
 */
export interface ReadRule {
  readonly says: string;
  readonly check: (parsed: ParsedProgram) => string | undefined;
}

export interface ProgramEntry {
  /** The program's name, or for a subcommand its words after the program (`status`, `stash list`). */
  readonly name: string;
  readonly family: Family;
  /**
   * On the read-only list (DESIGN §5 step 6): with only options whose effects are `reads`, and
   * operands that are read or text, the program only reads. Off the list, the entry still tells
   * the parser how to read the words, for the risk rater, the shield and the wrappers.
   */
  readonly readOnly: boolean;
  /**
   * Short options, getopt style: a letter is a flag, `n:` takes a value (`-n 5`, `-n5`), `u::`
   * takes only an attached one (`-uno`).
   */
  readonly shorts: string;
  /**
   * Long options written in full: `name` is a flag, `name=` takes a value (`--name=v` or
   * `--name v`), `name=?` only an attached one (`--name=v`), `name==` two words (jq's
   * `--arg NAME VALUE`). Single-dash long options (`find -name`, `-newer`) are written in a
   * `ReadRule`, not here.
   */
  readonly longs: readonly string[];
  /**
   * Where a cluster's values come from. `attached` (getopt: `-n5`, `-vn5`, the rest of the
   * word), `following` (tree: `-Lo 1 f` gives `1` to `-L` and `f` to `-o`, one word each, in
   * order), or `none` (every short option is a word of its own: xxd reads `-ps` as one option).
   */
  readonly clusters?: 'attached' | 'following' | 'none';
  /**
   * The program accepts unambiguous abbreviations of long options (getopt_long, git). The parser
   * never does: an abbreviation may stand for an option not listed, so it is `unsure`. Data for
   * the oracle, which generates abbreviations only where the program takes them.
   */
  readonly abbreviations?: boolean;
  /**
   * Options may follow operands (GNU getopt permutes: `ls dir -la`). False: the first operand ends
   * the options and every later word is an operand, `-a` included (`xxd in -a` writes `./-a`).
   * Default true.
   */
  readonly permute?: boolean;
  /**
   * Options after which every word is an operand, as after `--` (python's `-c CODE` and
   * `-m MODULE`: the words after them are the code's own arguments).
   */
  readonly endsOptions?: readonly string[];
  /** `--` ends the options. Default true. */
  readonly endOfOptions?: boolean;
  /** `-5` is a count (`head -5`, `git log -3`). */
  readonly counts?: boolean;
  /** No argument is an option: `echo -rf` prints "-rf". */
  readonly freeform?: boolean;
  /** What the operands are; default: every operand is a file read. */
  readonly operands?: OperandGrammar;
  /**
   * What options do, by name (a letter or a long name without dashes); an option absent here only
   * changes the output. `name=value` keys give the effects of one value, `name=*` of any value
   * not given its own key (values may be abbreviated: grep's `-d rec` means `recurse`). An option with effects must also be in `shorts` or `longs`, so the parser
   * knows whether it takes a value.
   */
  readonly effects?: Readonly<Record<string, readonly Effect[]>>;
  /** What the program does whatever its options: rg `walks`, env `environment`. */
  readonly does?: readonly Effect[];
  /** A check over the parsed command for programs with a language of their own. */
  readonly rule?: ReadRule;
  /**
   * Subcommands (git): after the program's own options (which then end at the first operand),
   * the first one or two operands name an entry here (`stash list` before `stash`), which
   * reads the rest.
   */
  readonly subcommands?: readonly ProgramEntry[];
  /**
   * Files it writes that its words do not name, when it is used beyond what its read-only entry
   * admits (`git config K V` and `git remote add` write the repository's `.git/config`).
   */
  readonly writesAlso?: readonly string[];
  /** One line on what is left out of the entry on purpose, and why (docs/engine.md). */
  readonly note?: string;
  /** For a program that runs another command (sudo, env, timeout, xargs, watch…): how that command is given. */
  readonly runs?: RunsCommand;
}

/**
 * How a wrapper's command is found in its parsed form (shared/wrappers reads it). The command
 * starts at the first operand whose role is `command`, or, when the program permutes its options
 * (`su root -c …`), is the operands after `operands.positions`. Option names as in `effects`.
 */
export interface RunsCommand {
  /**
   * How those words run: `argv` as a command; `joined` one space apart, as a command line for a
   * shell (`watch`, `sg`, `parallel`); `shell` as a shell's arguments (`su root -c 'rm x'`);
   * `stdin`: they are no command (at's time, script's log file) and the command comes from stdin.
   */
  readonly as: 'argv' | 'joined' | 'shell' | 'stdin';
  /** `NAME=value` words before the command are the program's (env, sudo). */
  readonly assignments?: boolean;
  /** A lone `-` before the command is an option, not the command (`env -`, `su -`). */
  readonly dash?: boolean;
  /** Options whose value is a command line for a shell (`su -c`, `flock -c`), also after the operands. */
  readonly script?: readonly string[];
  /** Options whose value is split into more words of the program's own command line (`env -S`). */
  readonly split?: readonly string[];
  /** Options whose value is a file of commands (`at -f`): seen only when the file is stdin. */
  readonly file?: readonly string[];
  /** Options after which the command is given as argv, whatever `as` says (`watch -x`, `runuser -u`). */
  readonly argv?: readonly string[];
  /** Options with which the program runs no command (`command -v`, `sudo -l`). */
  readonly idle?: readonly string[];
  /** Given no command, the program starts a shell reading stdin: always, or with one of `shell`. */
  readonly bareShell?: boolean;
  readonly shell?: readonly string[];
  /** Words that end the command (`parallel rm ::: a b`). */
  readonly terminators?: readonly string[];
}

export interface ParsedOption {
  /** As the entry names it: a letter (`n`), a long name (`lines`), or `#` for a count (`-5`). */
  readonly name: string;
  /** The word (or words) as written (`-n5`, `--lines=5`), for reasons. */
  readonly written: string;
  /** The value, when the option takes one and was given one. */
  readonly value?: string;
  /** The second value of a two-word option (jq's `--arg NAME VALUE`). */
  readonly second?: string;
  /** What the option does (from `effects`), empty when it only changes the output. */
  readonly effects: readonly Effect[];
}

export interface ParsedOperand {
  readonly text: string;
  /** The shell may expand it to file names (several words). */
  readonly glob: boolean;
  readonly role: OperandRole;
  /** Where the word is in the segment's argv. */
  readonly index: number;
}

/** A simple command read against its entry. */
export interface ParsedProgram {
  readonly kind: 'parsed';
  /** The program's name as listed (`/usr/bin/cat` is `cat`). */
  readonly program: string;
  readonly entry: ProgramEntry;
  readonly options: readonly ParsedOption[];
  readonly operands: readonly ParsedOperand[];
  /** `--` ended the options (`git checkout -- file` names files, not a branch). */
  readonly dashDash?: boolean;
  /** The subcommand, read against its own entry (git). */
  readonly subcommand?: ParsedCommand;
  /** The command the program runs, as words of the segment's argv from `offset` on. */
  readonly wrapped?: { readonly argv: readonly string[]; readonly offset: number };
}

/**
 * The command could not be read with confidence: no entry for the program, an option the entry
 * does not list, an abbreviation, a value that looks like an option, a pattern that may expand
 * to options, a word known only at run time. Every policy fails closed on it.
 */
export interface UnsureCommand {
  readonly kind: 'unsure';
  /** The program's name when known (listed or not). */
  readonly program?: string;
  readonly entry?: ProgramEntry;
  /** For an unlisted subcommand: where its own words start in the segment's argv. */
  readonly at?: number;
  /** Plain text for the UI. */
  readonly reason: string;
}

export type ParsedCommand = ParsedProgram | UnsureCommand;
