import { forbiddenOption, scanArgs } from './options.ts';

type GitCheck = (args: readonly string[]) => string | undefined;

/**
 * Options before the subcommand that only change output. Anything else is refused: `-c` and
 * `--config-env` set configuration (a pager, an fsmonitor hook: code execution), and `-C`,
 * `--git-dir`, `--work-tree` point git at a repository whose configuration we have not seen.
 */
const SAFE_GLOBAL_OPTIONS = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--no-advice',
]);

const LISTING_VALUE_OPTIONS = new Set([
  'contains',
  'no-contains',
  'merged',
  'no-merged',
  'sort',
  'format',
  'points-at',
]);
const LISTING_FLAGS = ['list', 'color', 'no-color', 'column', 'no-column', 'ignore-case', 'omit-empty'];
const BRANCH_LONGS = [
  ...LISTING_VALUE_OPTIONS,
  ...LISTING_FLAGS,
  'all',
  'remotes',
  'verbose',
  'show-current',
];
const TAG_LONGS = [...LISTING_VALUE_OPTIONS, ...LISTING_FLAGS];
const CONFIG_READS = new Set(['--get', '--get-all', '--get-regexp', '--list', '-l']);
const CONFIG_SCOPES = new Set([
  '--global',
  '--local',
  '--system',
  '--show-origin',
  '--show-scope',
  '--null',
  '-z',
]);

const DIGIT = /\d/;

const noOptions: GitCheck = () => undefined;

function refuse(longs: readonly string[], shorts: readonly string[] = []): GitCheck {
  return (args) => {
    const option = forbiddenOption(scanArgs(args), shorts, longs);
    return option === undefined ? undefined : `git option ${option} is not read-only`;
  };
}

function firstArgumentIs(allowed: readonly string[], what: string): GitCheck {
  return (args) =>
    args[0] !== undefined && allowed.includes(args[0]) ? undefined : `only ${what} is read-only`;
}

/**
 * `git branch` and `git tag` create, delete and rename unless they list: only listing options are
 * accepted, and names only together with `--list`/`-l`, where they are patterns.
 */
function listingOnly(
  subcommand: 'branch' | 'tag',
  shorts: readonly string[],
  longs: readonly string[],
): GitCheck {
  return (args) => {
    const scanned = scanArgs(args);
    const badShort = [...scanned.shorts].find((letter) => !shorts.includes(letter) && !DIGIT.test(letter));
    if (badShort !== undefined) return `git ${subcommand} -${badShort} is not a listing option`;
    const badLong = scanned.longs.find((name) => !longs.includes(name));
    if (badLong !== undefined) return `git ${subcommand} --${badLong} is not a listing option`;
    if (scanned.shorts.has('l') || scanned.longs.includes('list')) return undefined;
    const optionValues = args.filter((_, index) => {
      const previous = args[index - 1] ?? '';
      return (
        previous.startsWith('--') && !previous.includes('=') && LISTING_VALUE_OPTIONS.has(previous.slice(2))
      );
    }).length;
    return scanned.operands.length > optionValues
      ? `git ${subcommand} with a name creates a ${subcommand}`
      : undefined;
  };
}

const configReadOnly: GitCheck = (args) => {
  const reads = args.some((arg) => CONFIG_READS.has(arg));
  const onlyReads = args.every(
    (arg) => CONFIG_READS.has(arg) || CONFIG_SCOPES.has(arg) || !arg.startsWith('-'),
  );
  return reads && onlyReads ? undefined : 'only "git config --get" and "git config --list" are read-only';
};

/** Subcommands that never change the repository or the work tree, with the options that would. */
const READ_ONLY_SUBCOMMANDS: Readonly<Record<string, GitCheck>> = {
  status: noOptions,
  diff: refuse(['output', 'ext-diff', 'textconv']),
  log: refuse(['output', 'ext-diff', 'textconv']),
  show: refuse(['output', 'ext-diff', 'textconv']),
  shortlog: noOptions,
  blame: noOptions,
  'rev-parse': noOptions,
  'rev-list': noOptions,
  'ls-files': noOptions,
  'ls-tree': noOptions,
  'cat-file': refuse(['textconv', 'filters']),
  describe: noOptions,
  'merge-base': noOptions,
  'show-ref': noOptions,
  'for-each-ref': noOptions,
  grep: refuse(['open-files-in-pager'], ['O']),
  branch: listingOnly('branch', ['a', 'r', 'l', 'v', 'q'], BRANCH_LONGS),
  tag: listingOnly('tag', ['l', 'n'], TAG_LONGS),
  remote: (args) =>
    args.every((arg) => arg === '-v' || arg === '--verbose')
      ? undefined
      : 'only "git remote -v" is read-only',
  stash: firstArgumentIs(['list', 'show'], '"git stash list" or "git stash show"'),
  worktree: firstArgumentIs(['list'], '"git worktree list"'),
  reflog: (args) =>
    args.length === 0 || args[0] === 'show' ? undefined : 'only "git reflog show" is read-only',
  config: configReadOnly,
  'count-objects': noOptions,
  version: noOptions,
};

export function gitReason(args: readonly string[]): string | undefined {
  let index = 0;
  while (index < args.length && args[index]!.startsWith('-')) {
    const option = args[index]!;
    if (option === '--version') return undefined;
    if (!SAFE_GLOBAL_OPTIONS.has(option)) return `git ${option.split('=')[0]} changes how git runs`;
    index += 1;
  }
  const subcommand = args[index];
  if (subcommand === undefined) return 'git without a subcommand';
  const check = Object.hasOwn(READ_ONLY_SUBCOMMANDS, subcommand)
    ? READ_ONLY_SUBCOMMANDS[subcommand]
    : undefined;
  if (check === undefined) return `"git ${subcommand}" is not a known read-only git command`;
  return check(args.slice(index + 1));
}
