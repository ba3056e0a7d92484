import { dropIgnorable } from '../paths/normalize.ts';
import { CATALOG, directoryTarget, type ParsedCommand, parseWords, type Reading } from '../programs/index.ts';
import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';
import { runsOtherCommands, wrappedCommands } from '../wrappers/index.ts';
import { ExaminationBudget } from './budget.ts';
import { globNamesSecretFile, isSecretPath, readsSecretDirectory } from './secret-paths.ts';

/**
 * Commands that name files without reading them: `echo .env >> .gitignore` and
 * `ls ~/.ssh` expose no secret. Their redirections are still checked, and their words too when
 * the command feeds names to a reader (`echo .env | xargs cat`).
 */
const nameOnly = new Set([
  'cd',
  'pushd',
  'popd',
  'echo',
  'printf',
  'ls',
  'stat',
  'test',
  '[',
  '[[',
  'touch',
  'mkdir',
  'which',
  'type',
]);

/** Programs that turn the names they are given on standard input into reads. */
const feedsNames = new Set(['xargs', 'parallel', 'read', 'mapfile', 'readarray']);

/**
 * Programs that run a command line on another machine or in a container (`ssh host 'cat .env'`,
 * `docker exec c sh -c '…'`): any word of theirs with a space in it is read as a command line.
 * Programs that run a command here are the catalog's wrappers, shells and runners
 * (shared/wrappers): what they run is read as a command of its own, and their spaced words too.
 */
const runsElsewhere = new Set(['ssh', 'docker', 'podman', 'kubectl']);
const exactRunners = new Set(['git', 'find']);

/**
 * Interpreters whose code argument can open any file (`python -c "open('.env')"`): its words
 * are split on every punctuation and each piece is read as a possible path.
 */
const interpreters =
  /^(?:python[0-9.]*|node|deno|bun|ruby|perl|php|lua|awk|gawk|mawk|nawk|osascript|rscript|pwsh|powershell)$/;

/**
 * Readers that take a folder whole and are not in the program catalog (whose entries say it of
 * grep, rg, diff…: `catalogWalks`), one entry each: `always` when any folder they are given is
 * read recursively (`ag`, `tar`), else the short option letters or long options that make them
 * recurse (`grep -r`, `cp -R`), or the options that make `find` read what it finds.
 */
interface FolderReader {
  always?: true;
  letters?: string;
  long?: readonly string[];
  options?: readonly string[];
}

const folderReaders: Readonly<Record<string, FolderReader>> = {
  zgrep: { letters: 'rR', long: ['--recursive'] },
  ugrep: { letters: 'rR', long: ['--recursive'] },
  ag: { always: true },
  ack: { always: true },
  'ack-grep': { always: true },
  pt: { always: true },
  tar: { always: true },
  bsdtar: { always: true },
  '7z': { always: true },
  '7za': { always: true },
  rar: { always: true },
  rsync: { always: true },
  zip: { letters: 'r', long: ['--recurse-paths'] },
  cp: { letters: 'rRa', long: ['--recursive', '--archive'] },
  scp: { letters: 'r' },
  find: { options: ['-exec', '-execdir', '-ok', '-okdir', '-fprint', '-fprint0', '-fprintf', '-fls'] },
};

/** Redirections whose target is not a file: heredoc delimiters, here-strings, fd duplications. */
const notAFile = new Set(['<<', '<<-', '<<<', '>&', '<&']);

const maxNesting = 3;
/** Most folders a command `cd`s into that are kept; more are rare and read as unknown. */
const mostFolders = 8;

function commandName(argv0: string | undefined): string {
  return (argv0 ?? '').split('/').at(-1) ?? '';
}

/**
 * Words of a command the parser could not read, split on whitespace, quotes and shell
 * punctuation. It over-splits on purpose: with no structure to trust, every word is a
 * possible file name.
 */
function conservativeWords(command: string): string[] {
  return command.split(/[\s;|&<>()`"'$,=]+/).filter((word) => word !== '');
}

/**
 * Pieces of an interpreter's code that could be a path it opens: `conservativeWords`, and the
 * same split keeping `,` so that a brace survives (`glob('.e{n,x}v')`). Code may hand a piece to
 * its own glob, so one with wildcards is read as a glob.
 */
function codeWords(code: string): string[] {
  const braced = code.split(/[\s;|&<>()`"'$=]+/).filter((word) => word.includes(','));
  return [...conservativeWords(code), ...braced];
}

/** A word as the shield reads it: its text, and whether `*?[` in it are wildcards. */
interface PathWord {
  text: string;
  glob: boolean;
}

/**
 * `$HOME` as `~`, variables the command assigned as their values, and any other expansion as
 * `*`: it could be anything, so a word like `~/.aws/$F` could name `~/.aws/credentials`. A word
 * that is one expansion alone (`cat "$f"`) is left as written: it names no file in particular.
 */
function expandWord(text: string, variables: ReadonlyMap<string, string>): PathWord {
  const alone = /^\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|\([^)]*\))$/.test(text);
  const expanded = text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*)|\{[^}]*\}|\([^)]*\)|.)|`[^`]*`/g,
    (whole, braced?: string, bare?: string) => {
      const name = braced ?? bare;
      if (name === 'HOME') return '~';
      if (name !== undefined && variables.has(name)) return variables.get(name)!;
      return alone ? whole : '*';
    },
  );
  return { text: expanded, glob: true };
}

/** The words of a segment as paths: globs where the shell would expand them. */
function pathWords(segment: ShellSegment, variables: ReadonlyMap<string, string>): PathWord[] {
  return segment.argv.map((text, index) => {
    const word = segment.words?.[index];
    // No word facts: read every wildcard and expansion character as live (fail closed).
    const dynamic = word === undefined ? /[$`{]/.test(text) : word.dynamic;
    const glob = word === undefined ? /[*?[]/.test(text) : word.glob;
    return dynamic ? expandWord(text, variables) : { text, glob };
  });
}

const pathMarks = ['=', ':', '@'] as const;

/** The parts of a word that could be a path: `--env-file=.env` → `.env`; `host:~/.ssh/id_rsa`; `-d @.env`. */
function candidates(word: string): string[] {
  const parts = [word];
  for (const mark of pathMarks) {
    const at = word.indexOf(mark);
    if (at >= 0) parts.push(word.slice(at + 1));
  }
  return parts;
}

/**
 * The last name of `text` as the path normaliser reads it (shared/paths/normalize.ts), before it
 * is lowered: without the characters names ignore, a stream (`::$DATA`) and trailing dots and
 * spaces, which Windows drops (`'.env '`, `'.env. . .'`, `.env ::$DATA` open `.env`).
 */
function lastName(text: string): string {
  const last = text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1);
  // Reading a name only drops characters: one with no space as written has none once read.
  if (!/\s/.test(last)) return last;
  return dropIgnorable(last)
    .replace(/:\S*$/, '')
    .replace(/[. ]+$/, '');
}

/** Whether `word`, taken as a file name (in `folder` when the command `cd`ed), names a secret file. */
function namesSecretFile(word: PathWord, folder?: string): boolean {
  // A word whose last name keeps spaces once read as a name is prose (`git commit -m "add .env"`).
  if (/\s/.test(lastName(word.text))) return false;
  for (const part of candidates(word.text)) {
    const path = folder !== undefined && !/^[/~]/.test(part) ? `${folder}/${part}` : part;
    if (word.glob ? globNamesSecretFile(path) : isSecretPath(path)) return true;
  }
  return false;
}

/** Whether a folder reader given `word` reads a secret folder (or one above it). */
function readsFolder(word: PathWord, folder?: string, cwd?: string): boolean {
  return candidates(word.text).some((part) => {
    if (part === '' || part.startsWith('-')) return false;
    const path = folder !== undefined && !/^[/~]/.test(part) ? `${folder}/${part}` : part;
    return readsSecretDirectory(path, word.glob, cwd);
  });
}

/** The catalog's programs that may walk folders: by themselves or with one of their options. */
const WALKERS: ReadonlySet<string> = new Set(
  CATALOG.filter(
    (entry) =>
      entry.does?.includes('walks') === true ||
      Object.values(entry.effects ?? {}).some((effects) => effects.includes('walks')),
  ).map((entry) => entry.name),
);

/**
 * Whether a program in the catalog walks the folders it is given, as its entry says of the
 * program or of the options written (`grep -d recurse`, `rg`, `diff -r`): read with the one parse.
 * Words the entry of such a program cannot read may be a walking option: it may walk (fail closed).
 * `reading` is the simple command's one parse, when the words are a segment's own.
 */
function catalogWalks(name: string, argv: readonly string[], reading?: Reading): boolean {
  if (!WALKERS.has(name)) return false;
  const parsed = parseWords(name, argv.slice(1), reading);
  if (parsed.kind === 'unsure') return true;
  return (
    parsed.entry.does?.includes('walks') === true ||
    parsed.options.some((option) => option.effects.includes('walks'))
  );
}

/** Whether the segment's program, as written with its options, reads the folders it is given whole. */
function readsFoldersWhole(
  name: string,
  argv: readonly string[],
  feeding: boolean,
  reading?: Reading,
): boolean {
  if (name !== 'find' && catalogWalks(name, argv, reading)) return true;
  const reader = folderReaders[name];
  if (reader === undefined) return false;
  if (reader.always) return true;
  if (reader.options) {
    // `find … | xargs cat` reads what find names as surely as `-exec cat`.
    return feeding || argv.some((word) => reader.options!.includes(word));
  }
  return argv.slice(1).some((word) => {
    if (reader.long?.some((option) => word === option || word.startsWith(`${option}=`))) return true;
    // A cluster of short options (`-rn`, `-Rl`); `--…` words are long options.
    return (
      /^-[A-Za-z0-9]+$/.test(word) && [...(reader.letters ?? '')].some((letter) => word.includes(letter))
    );
  });
}

/**
 * The folders a command moves into (`cd X`, `pushd X`, read with the catalog:
 * shared/programs/directory.ts), joined in order (`cd a; cd b` → `a/b`). A move the words do not
 * show (`cd -`, `popd`) may go anywhere: `**`, a pattern under which every secret file lies.
 */
function foldersOf(
  segments: readonly ShellSegment[],
  variables: ReadonlyMap<string, string>,
  readings: readonly (Reading | undefined)[],
): string[] {
  const folders: string[] = [];
  let current: string | undefined;
  for (const [index, segment] of segments.entries()) {
    const argv = [commandName(segment.argv[0]), ...segment.argv.slice(1)];
    const target = directoryTarget(argv, readings[index]);
    if (target === undefined) continue;
    const text = target === null ? '**' : expandWord(target, variables).text;
    current = /^[/~]/.test(text) || current === undefined ? text : `${current}/${text}`;
    if (folders.length < mostFolders) folders.push(current);
  }
  return folders;
}

/** `NAME=value` words of the command: `f=.env; cat $f` reads `.env`. */
function variablesOf(segments: readonly ShellSegment[]): Map<string, string> {
  const variables = new Map<string, string>();
  for (const segment of segments) {
    for (const assignment of segment.assignments) {
      const eq = assignment.indexOf('=');
      if (eq > 0) variables.set(assignment.slice(0, eq).replace(/\+$/, ''), assignment.slice(eq + 1));
    }
  }
  return variables;
}

/** What the shield finds in a shell command: a secret file it reads (as written), or that it could not look at all of it. */
export type ShellFinding = { kind: 'secret_file'; path: string } | { kind: 'unexamined' };

/**
 * The first secret file a shell command reads: named as an argument or a redirection target
 * (`cat .env`, `cat < ~/.ssh/id_rsa`, `curl -d @.env`), through a glob or brace (`cat .en?`,
 * `cat {.env,x}`), after `cd` (`cd ~/.aws && cat credentials`), as a folder read whole
 * (`grep -r x ~/.aws`, `tar c ~/.ssh`), or in a nested command line (`bash -c "cat .env"`).
 * A command the parser cannot read is split conservatively instead. `analysis` is the
 * command's, when the caller has it, with `programs` the catalog's parse of each of its
 * segments; `cwd` is where the command runs, when known.
 *
 * The work is bounded by an `ExaminationBudget`: a command whose simple commands and words
 * (nested ones included) exceed it, with no secret file found in what fitted, is `unexamined`,
 * which the shield treats like a secret: the call asks.
 */
export function examineShellCommand(
  command: string,
  analysis?: ShellAnalysis,
  cwd?: string,
  programs?: readonly ParsedCommand[],
): ShellFinding | null {
  const budget = new ExaminationBudget();
  const path = secretFileOf(command, analysis, cwd, 0, budget, analysis && programs);
  if (path !== null) return { kind: 'secret_file', path };
  return budget.exhausted ? { kind: 'unexamined' } : null;
}

/** The first secret file `command` reads, within `budget`; null when none was found in what fitted. */
function secretFileOf(
  command: string,
  analysis: ShellAnalysis | undefined,
  cwd: string | undefined,
  depth: number,
  budget: ExaminationBudget,
  programs?: readonly ParsedCommand[],
): string | null {
  const shell = analysis ?? analyzeShell(command);
  if (shell.error !== undefined) {
    const words = conservativeWords(command);
    if (!budget.take(words.length)) return null;
    const found = words.find((text) => namesSecretFile({ text, glob: /[*?[{]/.test(text) }));
    if (found !== undefined) return found;
  }
  const variables = variablesOf(shell.segments);
  // Each segment's one parse, when the caller made them (the call's own command only).
  const readings = shell.segments.map((segment, index): Reading | undefined => {
    const parsed = programs?.[index];
    return parsed === undefined ? undefined : { argv: segment.argv, parsed };
  });
  const folders: (string | undefined)[] = [undefined, ...foldersOf(shell.segments, variables, readings)];
  const feeding = shell.segments.some((segment) => feedsNames.has(commandName(segment.argv[0])));
  // Redirections are one word each, taken together before the segments.
  if (!budget.take(shell.redirections.length, 0)) return null;
  for (const redirection of shell.redirections) {
    if (notAFile.has(redirection.op)) continue;
    const word = expandWord(redirection.target, variables);
    const target = /[$`]/.test(redirection.target)
      ? word
      : { text: redirection.target, glob: /[*?[{]/.test(redirection.target) };
    if (folders.some((folder) => namesSecretFile(target, folder))) return redirection.target;
  }
  const scope: Scope = { folders, feeding, cwd, depth, budget };
  for (const [index, segment] of shell.segments.entries()) {
    if (!budget.take(segment.argv.length)) return null;
    const found = commandSecretFile(segment.argv, pathWords(segment, variables), scope, readings[index]);
    if (found !== null || budget.exhausted) return found;
  }
  return null;
}

/** Where a simple command runs, for reading its words as files. */
interface Scope {
  readonly folders: readonly (string | undefined)[];
  /** The command line feeds names to a reader (`… | xargs cat`). */
  readonly feeding: boolean;
  readonly cwd: string | undefined;
  readonly depth: number;
  readonly budget: ExaminationBudget;
}

/**
 * The first secret file one simple command reads (`argv`, with `words` its words as paths), and
 * then each command it runs (`sudo grep -r x ~/.aws`, `timeout 5 sh -c 'cat .env'`), read the
 * same way: those a wrapper runs by the catalog's reading of it (shared/wrappers), and for a
 * program that runs commands, any spaced word as a command line too. `reading` is the simple
 * command's one parse when `argv` is a segment's own.
 */
function commandSecretFile(
  argv: readonly string[],
  words: readonly PathWord[],
  scope: Scope,
  reading?: Reading,
): string | null {
  const { folders, feeding, cwd, depth, budget } = scope;
  const name = commandName(argv[0]);
  if (!(nameOnly.has(name) && !feeding)) {
    const wholeFolders = readsFoldersWhole(name, argv, feeding, reading);
    for (const [index, word] of words.entries()) {
      for (const folder of folders) {
        // The program's own name is not a file in the folder `cd` went to.
        if (index === 0 && folder !== undefined) continue;
        if (namesSecretFile(word, folder)) return argv[index]!;
        if (wholeFolders && readsFolder(word, folder, cwd)) return argv[index]!;
      }
    }
  }
  if (interpreters.test(name)) {
    for (const word of argv.slice(1)) {
      const pieces = codeWords(word);
      if (!budget.take(pieces.length, 0)) return null;
      const found = pieces.find((text) => namesSecretFile({ text, glob: /[*?[{]/.test(text) }));
      if (found !== undefined) return found;
    }
  }
  const runsHere = runsOtherCommands(name);
  /** Words already read as a command line: not read again below. */
  const read = new Set<number>();
  if (runsHere && depth < maxNesting) {
    for (const wrapped of wrappedCommands(argv)) {
      let found: string | null = null;
      if (wrapped.kind === 'script') {
        if (wrapped.end === wrapped.offset + 1) read.add(wrapped.offset);
        found = secretFileOf(wrapped.script, undefined, cwd, depth + 1, budget);
      } else if (wrapped.kind === 'argv') {
        // The words as the shell passed them when they are the outer ones (`sudo cat $F`).
        const same = wrapped.argv.every((word, at) => argv[wrapped.offset + at] === word);
        const inner = same
          ? words.slice(wrapped.offset, wrapped.offset + wrapped.argv.length)
          : wrapped.argv.map((text) => ({ text, glob: /[*?[{]/.test(text) }));
        if (!budget.take(inner.length, 0)) return null;
        found = commandSecretFile(wrapped.argv, inner, { ...scope, depth: depth + 1 });
      }
      if (found !== null || budget.exhausted) return found;
    }
  }
  // git's and find's commands are read exactly (`-c core.pager=…`, `-exec`); their other spaced
  // words are messages and patterns. Any other runner's spaced word may be a command line.
  if (!(runsHere && !exactRunners.has(name)) && !runsElsewhere.has(name)) return null;
  for (const [index, word] of argv.entries()) {
    if (index === 0 || read.has(index) || !/\s/.test(word)) continue;
    let nested: string | null = null;
    if (depth < maxNesting) nested = secretFileOf(word, undefined, cwd, depth + 1, budget);
    else {
      const pieces = conservativeWords(word);
      if (!budget.take(pieces.length, 0)) return null;
      nested = pieces.find((text) => namesSecretFile({ text, glob: true })) ?? null;
    }
    if (nested !== null) return nested;
    if (budget.exhausted) return null;
  }
  return null;
}
