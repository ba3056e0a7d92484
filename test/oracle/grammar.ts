import { CATALOG, type ProgramEntry } from '../../shared/programs/index.ts';

/**
 * The catalog as the generator needs it: for every program (and git subcommand) on the read-only
 * list, the words that start it, its options with what each takes, and how the program itself
 * reads a cluster. This file adapts whatever the catalog exports; it is the one file to change
 * when the catalog's shape changes.
 */
export type ValueKind = 'flag' | 'value' | 'attached' | 'two';

export interface OracleProgram {
  /** As reported: `grep`, `git log`. */
  readonly name: string;
  /** The program file the command runs (`git` for `git log`). */
  readonly executable: string;
  /** The words before the options (`['git', 'log']`). */
  readonly prefix: readonly string[];
  readonly shorts: ReadonlyMap<string, ValueKind>;
  readonly longs: ReadonlyMap<string, ValueKind>;
  /** How the program reads `-ab`: getopt's attached rest, tree's following words, or one option. */
  readonly clusters: 'attached' | 'following' | 'none';
  readonly counts: boolean;
  /** No argument is an option (echo). */
  readonly freeform: boolean;
  /** The options of the program itself, before the subcommand (git's global options). */
  readonly globals?: OracleOptions;
}

export interface OracleOptions {
  readonly shorts: ReadonlyMap<string, ValueKind>;
  readonly longs: ReadonlyMap<string, ValueKind>;
}

/** getopt's notation, as both catalogs write it: `n:` takes a value, `u::` only an attached one. */
export function shortOptions(written: string): Map<string, ValueKind> {
  const shorts = new Map<string, ValueKind>();
  for (let index = 0; index < written.length; index += 1) {
    const letter = written[index]!;
    let kind: ValueKind = 'flag';
    if (written[index + 1] === ':') {
      kind = written[index + 2] === ':' ? 'attached' : 'value';
      index += kind === 'attached' ? 2 : 1;
    }
    shorts.set(letter, kind);
  }
  return shorts;
}

/** `name` flag, `name=` value, `name=?` attached only, `name==` two words. */
export function longOptions(written: readonly string[]): Map<string, ValueKind> {
  const longs = new Map<string, ValueKind>();
  for (const option of written) {
    const match = /^([^=]+)(=\?|==|=)?$/.exec(option)!;
    const suffix = match[2];
    longs.set(
      match[1]!,
      suffix === '=' ? 'value' : suffix === '=?' ? 'attached' : suffix === '==' ? 'two' : 'flag',
    );
  }
  return longs;
}

function program(entry: ProgramEntry, prefix: readonly string[], globals?: OracleOptions): OracleProgram {
  return {
    name: prefix.join(' '),
    executable: prefix[0]!,
    prefix,
    shorts: shortOptions(entry.shorts),
    longs: longOptions(entry.longs),
    clusters: entry.clusters ?? 'attached',
    counts: entry.counts === true,
    freeform: entry.freeform === true,
    ...(globals === undefined ? {} : { globals }),
  };
}

/** Programs on the read-only list, subcommands as programs of their own (`git log`). */
function fromEntries(entries: readonly ProgramEntry[]): OracleProgram[] {
  return entries.flatMap((entry) => {
    if (entry.subcommands === undefined) return [program(entry, [entry.name])];
    const globals = { shorts: shortOptions(entry.shorts), longs: longOptions(entry.longs) };
    return entry.subcommands
      .filter((subcommand) => subcommand.readOnly)
      .map((subcommand) => program(subcommand, [entry.name, ...subcommand.name.split(' ')], globals));
  });
}

/** The read-only list: the catalog's entries marked `readOnly`. */
export function readOnlyPrograms(): OracleProgram[] {
  return fromEntries((CATALOG as readonly ProgramEntry[]).filter((entry) => entry.readOnly === true));
}

/**
 * Operands a program with a language of its own needs to do anything (a sed script, a find
 * expression), harmless and hostile ones alike: the engine must tell them apart. `MARKER` is
 * the marker program's path, `PORT` the listener's port (fixtures.ts fills them in).
 */
export const LANGUAGE_OPERANDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  sed: [['p'], ['s/a/b/g'], ['1d'], ['w out'], ['s/a/b/w out'], ['1e MARKER'], ['R /dev/tcp/127.0.0.1/PORT']],
  awk: [
    ['{print $1}'],
    ['BEGIN{print 1}'],
    ['BEGIN{system("MARKER")}'],
    ['{print > "out"}'],
    ['{print | "MARKER"}'],
    ['BEGIN{while((getline l < "/dev/tcp/127.0.0.1/PORT")>0) print l}'],
  ],
  jq: [['.'], ['.a'], ['input_filename'], ['env'], ['$ENV'], ['include "x"; .'], ['.[]|tostring']],
  find: [
    ['.'],
    ['.', '-name', 'a*'],
    ['.', '-type', 'f', '-print'],
    ['.', '-delete'],
    ['.', '-exec', 'MARKER', ';'],
    ['.', '-fprint', 'out'],
    ['-L', '.', '-name', 'credentials'],
    ['homelink', '-maxdepth', '2'],
    ['-H', 'awslink'],
  ],
  test: [
    ['-f', 'a.txt'],
    ['-d', 'dir'],
    ['a', '=', 'b'],
    ['-v', 'x[$(MARKER)]'],
    ['x[$(MARKER)]', '-eq', '1'],
  ],
  '[': [
    ['-f', 'a.txt', ']'],
    ['a', '=', 'b', ']'],
    ['-v', 'x[$(MARKER)]', ']'],
  ],
  printf: [['%s\\n', 'a'], ['%q', 'a b'], ['-v', 'x', '%s'], ['%(%F)T'], ['-v', 'x[$(MARKER)]', 'y']],
  echo: [['hello'], ['-e', '\\x41'], ['-n', 'x']],
  date: [['+%F'], ['-d', 'now'], ['-s', 'now'], ['010101']],
  sleep: [['0'], ['0.1']],
  seq: [['3'], ['1', '2', '5'], ['-f', '%.0f', '2']],
  cd: [['sub'], ['..'], ['-'], ['~'], ['homelink']],
  command: [['-v', 'ls'], ['MARKER'], ['-V', 'cat']],
  type: [['ls'], ['-P', 'cat']],
  which: [['ls'], ['-a', 'cat']],
  cal: [['2026'], ['12', '2026']],
  xxd: [
    ['-r', '-p', 'x.hex'],
    ['x.hex', 'out'],
    ['x.hex', '-a'],
  ],
  base64: [['-d', 'x.b64']],
  base32: [['x.b64']],
  zcat: [['f.gz']],
  hostname: [['newname']],
  uniq: [['a.txt', 'out']],
  'git show': [['HEAD'], ['HEAD:a.txt'], ['HEAD~1..HEAD']],
  'git log': [['HEAD'], ['--', 'a.txt'], ['-p', 'HEAD']],
  'git diff': [['HEAD'], ['HEAD~1', 'HEAD'], ['--', 'a.txt']],
  'git cat-file': [['-p', 'HEAD'], ['--batch'], ['blob', 'HEAD:a.txt']],
  'git config': [['--get', 'user.name'], ['--list'], ['core.pager', 'x'], ['--get-regexp', 'alias']],
  'git ls-tree': [['HEAD'], ['-r', 'HEAD']],
  'git rev-parse': [['HEAD'], ['--show-toplevel']],
  'git grep': [['a'], ['-e', 'a', 'HEAD'], ['--open-files-in-pager=MARKER', 'a'], ['-O', 'a']],
  'git blame': [['a.txt']],
  'git branch': [['--list'], ['newbranch'], ['-D', 'main']],
  'git tag': [['--list'], ['newtag']],
  'git remote': [['-v'], ['add', 'x', 'y']],
};
