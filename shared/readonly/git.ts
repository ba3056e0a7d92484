import type { Argument } from './args.ts';
import type { CommandSpec, OperandRule, OptionTable, ParsedArgs } from './spec.ts';
import { optionTable } from './spec.ts';

/**
 * Options before the subcommand that only change output. Anything else is refused: `-c` and
 * `--config-env` set configuration (a pager, an fsmonitor hook: code execution), and `-C`,
 * `--git-dir`, `--work-tree`, `--exec-path`, `--bare` point git at a repository or at programs
 * whose configuration we have not seen; `-p`/`--paginate` and `help` run a pager or man.
 */
export const GIT_GLOBAL_OPTIONS: readonly string[] = [
  ...['--no-pager', '-P', '--no-optional-locks', '--no-replace-objects', '--literal-pathspecs'],
  ...['--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-advice'],
];

/** Options of the diff machinery, shared by diff, log, show … Left out: --output, --ext-diff, --textconv. */
const DIFF_SHORTS = 'pusRazWbwDB::M::C::X::U:l:S:G:O:I:';
const DIFF_LONGS = [
  ...['patch', 'no-patch', 'unified=', 'raw', 'patch-with-raw', 'indent-heuristic', 'no-indent-heuristic'],
  ...[
    'minimal',
    'patience',
    'histogram',
    'anchored=',
    'diff-algorithm=',
    'stat=?',
    'stat-width=',
    'stat-name-width=',
  ],
  ...[
    'stat-graph-width=',
    'stat-count=',
    'compact-summary',
    'numstat',
    'shortstat',
    'dirstat=?',
    'cumulative',
  ],
  ...[
    'dirstat-by-file=?',
    'summary',
    'patch-with-stat',
    'name-only',
    'name-status',
    'submodule=?',
    'color=?',
  ],
  ...['no-color', 'color-moved=?', 'no-color-moved', 'color-moved-ws=', 'no-color-moved-ws', 'word-diff=?'],
  ...['word-diff-regex=', 'color-words=?', 'no-renames', 'rename-empty', 'no-rename-empty', 'check'],
  ...['ws-error-highlight=', 'full-index', 'binary', 'abbrev=?', 'break-rewrites=?', 'find-renames=?'],
  ...[
    'find-copies=?',
    'find-copies-harder',
    'irreversible-delete',
    'diff-filter=',
    'find-object=',
    'pickaxe-all',
  ],
  ...['pickaxe-regex', 'skip-to=', 'rotate-to=', 'relative=?', 'no-relative', 'text', 'ignore-cr-at-eol'],
  ...['ignore-space-at-eol', 'ignore-space-change', 'ignore-all-space', 'ignore-blank-lines'],
  ...[
    'ignore-matching-lines=',
    'inter-hunk-context=',
    'function-context',
    'exit-code',
    'quiet',
    'no-ext-diff',
  ],
  ...['no-textconv', 'ignore-submodules=?', 'src-prefix=', 'dst-prefix=', 'no-prefix', 'default-prefix'],
  ...['line-prefix=', 'ita-invisible-in-index', 'ita-visible-in-index', 'output-indicator-new='],
  ...['output-indicator-old=', 'output-indicator-context='],
];

/** Revision walking and formatting (log, show, shortlog, rev-list). Left out: --show-signature (runs gpg). */
const REVISION_SHORTS = 'iEFgmcrtn:L:';
const REVISION_LONGS = [
  ...[
    'max-count=',
    'skip=',
    'since=',
    'after=',
    'since-as-filter=',
    'until=',
    'before=',
    'author=',
    'committer=',
  ],
  ...[
    'grep-reflog=',
    'grep=',
    'all-match',
    'invert-grep',
    'regexp-ignore-case',
    'basic-regexp',
    'extended-regexp',
  ],
  ...['fixed-strings', 'perl-regexp', 'remove-empty', 'merges', 'no-merges', 'min-parents=', 'max-parents='],
  ...[
    'no-min-parents',
    'no-max-parents',
    'first-parent',
    'exclude-first-parent-only',
    'not',
    'all',
    'branches=?',
  ],
  ...[
    'tags=?',
    'remotes=?',
    'glob=',
    'exclude=',
    'reflog',
    'alternate-refs',
    'single-worktree',
    'ignore-missing',
  ],
  ...['cherry-mark', 'cherry-pick', 'left-only', 'right-only', 'cherry', 'walk-reflogs', 'merge', 'boundary'],
  ...[
    'simplify-by-decoration',
    'show-pulls',
    'full-history',
    'dense',
    'sparse',
    'simplify-merges',
    'ancestry-path=?',
  ],
  ...[
    'date-order',
    'author-date-order',
    'topo-order',
    'reverse',
    'no-walk=?',
    'do-walk',
    'pretty=?',
    'format=',
  ],
  ...[
    'abbrev-commit',
    'no-abbrev-commit',
    'oneline',
    'encoding=',
    'expand-tabs=?',
    'no-expand-tabs',
    'notes=?',
  ],
  ...['no-notes', 'relative-date', 'date=', 'parents', 'children', 'left-right', 'graph', 'decorate=?'],
  ...['no-decorate', 'decorate-refs=', 'decorate-refs-exclude=', 'clear-decorations', 'source', 'mailmap'],
  ...['no-mailmap', 'use-mailmap', 'no-use-mailmap', 'full-diff', 'log-size', 'follow', 'diff-merges='],
  ...['no-diff-merges', 'combined-all-paths', 'dd', 'count', 'no-abbrev'],
];

/** `%G?` and `%(signature)` make git run gpg to check a signature. */
const SIGNATURE_PLACEHOLDER = /%G|%\(signature/;
const FORMAT_OPTIONS = new Set(['format', 'pretty']);

const formatsOnly: OperandRule = {
  says: 'formats without `%G…` or `%(signature)` (they run gpg)',
  check: (args) => signatureReason(args),
};

function signatureReason(args: ParsedArgs): string | undefined {
  const option = args.options.find(
    (candidate) => FORMAT_OPTIONS.has(candidate.name) && SIGNATURE_PLACEHOLDER.test(candidate.value ?? ''),
  );
  return option === undefined ? undefined : `git ${option.written} checks signatures, which runs gpg`;
}

function noGlobs(args: ParsedArgs, what: string): string | undefined {
  const glob = args.operands.find((operand) => operand.glob);
  return glob === undefined
    ? undefined
    : `${what} with the pattern ${glob.text} may get more operands than written`;
}

/** `git branch NAME` creates a branch; with `--list` (or `-l`) names are patterns to list. */
const listing = (what: 'branch' | 'tag'): OperandRule => ({
  says: 'operands only with `--list`/`-l`, where they are patterns (otherwise they create)',
  check: (args) =>
    noGlobs(args, `git ${what}`) ??
    signatureReason(args) ??
    (args.operands.length === 0 ||
    args.options.some((option) => option.name === 'l' || option.name === 'list')
      ? undefined
      : `git ${what} with a name creates a ${what}`),
});

/** `git remote` and `git remote -v` list; `get-url NAME` prints one URL; anything else changes remotes. */
const remoteListing: OperandRule = {
  says: 'no operand, or `get-url NAME`',
  check: ({ operands }) =>
    operands.length === 0 || (operands.length === 2 && operands[0]!.text === 'get-url' && !operands[1]!.glob)
      ? undefined
      : 'only "git remote -v" and "git remote get-url" are read-only',
};

/** Words after `git config` that are subcommands in new git; only `list` and `get` read. */
const CONFIG_SUBCOMMANDS = new Set([
  'list',
  'get',
  'set',
  'unset',
  'rename-section',
  'remove-section',
  'edit',
]);
const CONFIG_READS = new Set(['get', 'get-all', 'get-regexp', 'list', 'l']);

const configRead: OperandRule = {
  says: '`list`, `get NAME`, `--get…`/`--list`, or one NAME (a lookup)',
  check: (args) => {
    const literal = noGlobs(args, 'git config');
    if (literal !== undefined) return literal;
    const words = args.operands.map((operand) => operand.text);
    const reads = args.options.some((option) => CONFIG_READS.has(option.name));
    const first = words[0];
    if (first !== undefined && CONFIG_SUBCOMMANDS.has(first)) {
      if (reads) return 'git config with both a subcommand and --get';
      if (first === 'list' && words.length === 1) return undefined;
      if (first === 'get' && (words.length === 2 || words.length === 3)) return undefined;
      return `git config ${first} is not a read`;
    }
    if (reads) return words.length <= 2 ? undefined : 'git config --get with more than a name and a pattern';
    return words.length === 1 && words[0]!.includes('.') ? undefined : 'git config with a value sets it';
  },
};

const noOperandsRule = (what: string): OperandRule => ({
  says: 'no operand',
  check: ({ operands }) => (operands.length === 0 ? undefined : `git ${what} with an operand is not a read`),
});

/**
 * Subcommands that never change the repository or the work tree, each with every option it may
 * carry (git's own documentation). git reads the repository's configuration, which is the user's
 * and trusted; what it may not do is run a program we did not see: an external diff, a textconv
 * filter, a pager chosen on the command line, gpg.
 */
export const GIT_SUBCOMMANDS: readonly CommandSpec[] = [
  {
    name: 'status',
    shorts: 'sbvzu::',
    longs: [
      ...[
        'short',
        'branch',
        'show-stash',
        'porcelain=?',
        'long',
        'verbose',
        'untracked-files=?',
        'ignore-submodules=?',
      ],
      ...[
        'ignored=?',
        'column=?',
        'no-column',
        'ahead-behind',
        'no-ahead-behind',
        'renames',
        'no-renames',
        'find-renames=?',
      ],
    ],
  },
  {
    name: 'diff',
    shorts: DIFF_SHORTS,
    longs: [...DIFF_LONGS, 'cached', 'staged', 'merge-base', 'no-index'],
  },
  {
    name: 'log',
    shorts: DIFF_SHORTS + REVISION_SHORTS,
    longs: [...DIFF_LONGS, ...REVISION_LONGS],
    counts: true,
    operands: formatsOnly,
  },
  {
    name: 'show',
    shorts: DIFF_SHORTS + REVISION_SHORTS,
    longs: [...DIFF_LONGS, ...REVISION_LONGS],
    counts: true,
    operands: formatsOnly,
  },
  {
    name: 'shortlog',
    shorts: `nsecw::${REVISION_SHORTS.replace('c', '').replace('n:', '')}`,
    longs: [...['numbered', 'summary', 'email', 'group='], ...REVISION_LONGS],
    counts: true,
    operands: formatsOnly,
  },
  {
    name: 'rev-list',
    shorts: REVISION_SHORTS,
    longs: [
      ...REVISION_LONGS,
      'objects',
      'objects-edge',
      'no-object-names',
      'timestamp',
      'header',
      'in-commit-order',
    ],
    counts: true,
    operands: formatsOnly,
  },
  {
    name: 'blame',
    shorts: 'bcflnpsetwM::C::L:S:',
    longs: [
      ...[
        'incremental',
        'porcelain',
        'line-porcelain',
        'root',
        'show-stats',
        'date=',
        'abbrev=?',
        'color-lines',
      ],
      ...[
        'color-by-age',
        'ignore-rev=',
        'ignore-revs-file=',
        'reverse',
        'first-parent',
        'encoding=',
        'contents=',
      ],
      ...['score-debug', 'show-name', 'show-number', 'show-email', 'minimal'],
    ],
  },
  {
    name: 'rev-parse',
    shorts: 'q',
    longs: [
      ...[
        'show-toplevel',
        'git-dir',
        'absolute-git-dir',
        'git-common-dir',
        'abbrev-ref=?',
        'short=?',
        'verify',
      ],
      ...[
        'quiet',
        'symbolic',
        'symbolic-full-name',
        'is-inside-work-tree',
        'is-inside-git-dir',
        'is-bare-repository',
      ],
      ...['is-shallow-repository', 'show-prefix', 'show-cdup', 'show-superproject-working-tree', 'git-path='],
      ...['all', 'branches=?', 'tags=?', 'remotes=?', 'glob=', 'default=', 'revs-only', 'no-revs', 'flags'],
      ...['no-flags', 'sq', 'not', 'local-env-vars', 'shared-index-path', 'show-object-format=?', 'since='],
      ...['until=', 'disambiguate=', 'exclude=', 'end-of-options'],
    ],
  },
  {
    name: 'ls-files',
    shorts: 'cdmoiksuvtfzx:X:',
    longs: [
      ...[
        'cached',
        'deleted',
        'modified',
        'others',
        'ignored',
        'stage',
        'directory',
        'no-empty-directory',
        'unmerged',
      ],
      ...[
        'killed',
        'exclude=',
        'exclude-from=',
        'exclude-per-directory=',
        'exclude-standard',
        'error-unmatch',
      ],
      ...[
        'with-tree=',
        'full-name',
        'recurse-submodules',
        'abbrev=?',
        'debug',
        'eol',
        'deduplicate',
        'sparse',
        'format=',
      ],
    ],
  },
  {
    name: 'ls-tree',
    shorts: 'dtrlz',
    longs: [
      'long',
      'name-only',
      'name-status',
      'object-only',
      'full-name',
      'full-tree',
      'abbrev=?',
      'format=',
    ],
  },
  {
    // --textconv and --filters run the filters the attributes name.
    name: 'cat-file',
    shorts: 'tspezZ',
    longs: [
      ...[
        'batch=?',
        'batch-check=?',
        'batch-command=?',
        'batch-all-objects',
        'buffer',
        'unordered',
        'follow-symlinks',
      ],
      ...['allow-unknown-type', 'mailmap', 'no-mailmap', 'use-mailmap', 'no-use-mailmap'],
    ],
  },
  {
    name: 'describe',
    shorts: '',
    longs: [
      ...[
        'all',
        'tags',
        'contains',
        'abbrev=?',
        'candidates=',
        'exact-match',
        'debug',
        'long',
        'match=',
        'exclude=',
      ],
      ...['always', 'first-parent'],
    ],
  },
  { name: 'merge-base', shorts: 'a', longs: ['all', 'octopus', 'independent', 'is-ancestor', 'fork-point'] },
  {
    name: 'show-ref',
    shorts: 'dsq',
    longs: [
      'head',
      'tags',
      'branches',
      'heads',
      'verify',
      'hash=?',
      'abbrev=?',
      'quiet',
      'dereference',
      'exists',
    ],
  },
  {
    name: 'for-each-ref',
    shorts: '',
    longs: [
      ...[
        'count=',
        'shell',
        'perl',
        'python',
        'tcl',
        'sort=',
        'format=',
        'color=?',
        'points-at=',
        'merged=?',
      ],
      ...[
        'no-merged=?',
        'contains=?',
        'no-contains=?',
        'ignore-case',
        'omit-empty',
        'exclude=',
        'include-root-refs',
      ],
    ],
    operands: formatsOnly,
  },
  {
    // -O/--open-files-in-pager runs a program; --textconv runs filters.
    name: 'grep',
    shorts: 'aiIwvhHEGFPnlLcozqWpe:f:A:B:C:m:',
    longs: [
      ...[
        'cached',
        'untracked',
        'no-index',
        'no-exclude-standard',
        'exclude-standard',
        'recurse-submodules',
        'text',
      ],
      ...[
        'no-textconv',
        'ignore-case',
        'max-depth=',
        'word-regexp',
        'invert-match',
        'full-name',
        'extended-regexp',
      ],
      ...[
        'basic-regexp',
        'perl-regexp',
        'fixed-strings',
        'line-number',
        'column',
        'files-with-matches',
        'name-only',
      ],
      ...['files-without-match', 'null', 'only-matching', 'count', 'color=?', 'no-color', 'break', 'heading'],
      ...[
        'show-function',
        'context=',
        'after-context=',
        'before-context=',
        'function-context',
        'threads=',
        'and',
      ],
      ...['or', 'not', 'all-match', 'quiet', 'max-count=', 'recursive', 'no-recursive'],
    ],
    counts: true,
  },
  {
    name: 'branch',
    shorts: 'arlv',
    longs: [
      ...[
        'list',
        'all',
        'remotes',
        'verbose',
        'show-current',
        'color=?',
        'no-color',
        'column=?',
        'no-column',
      ],
      ...[
        'ignore-case',
        'omit-empty',
        'sort=',
        'format=',
        'points-at=',
        'contains=',
        'no-contains=',
        'merged=',
      ],
      ...['no-merged='],
    ],
    operands: listing('branch'),
  },
  {
    name: 'tag',
    shorts: 'ln::',
    longs: [
      ...['list', 'sort=', 'format=', 'contains=', 'no-contains=', 'merged=', 'no-merged=', 'points-at='],
      ...['column=?', 'no-column', 'color=?', 'ignore-case', 'omit-empty'],
    ],
    operands: listing('tag'),
  },
  { name: 'remote', shorts: 'v', longs: ['verbose', 'push', 'all'], operands: remoteListing },
  {
    name: 'config',
    shorts: 'lz',
    longs: [
      ...['get', 'get-all', 'get-regexp', 'list', 'name-only', 'show-origin', 'show-scope', 'null', 'global'],
      ...[
        'system',
        'local',
        'worktree',
        'type=',
        'bool',
        'int',
        'path',
        'default=',
        'includes',
        'no-includes',
        'all',
      ],
    ],
    operands: configRead,
  },
  { name: 'stash list', shorts: REVISION_SHORTS, longs: REVISION_LONGS, counts: true, operands: formatsOnly },
  {
    name: 'stash show',
    shorts: `${DIFF_SHORTS}`,
    longs: [...DIFF_LONGS, 'include-untracked', 'only-untracked', 'no-include-untracked'],
  },
  {
    name: 'worktree list',
    shorts: 'vz',
    longs: ['porcelain', 'verbose', 'expire='],
    operands: noOperandsRule('worktree list'),
  },
  {
    name: 'reflog',
    shorts: REVISION_SHORTS,
    longs: REVISION_LONGS,
    counts: true,
    operands: noOperandsRule('reflog'),
  },
  {
    name: 'reflog show',
    shorts: REVISION_SHORTS,
    longs: REVISION_LONGS,
    counts: true,
    operands: formatsOnly,
  },
  { name: 'count-objects', shorts: 'vH', longs: ['verbose', 'human-readable'] },
  { name: 'check-ignore', shorts: 'qvnz', longs: ['quiet', 'verbose', 'non-matching', 'no-index', 'stdin'] },
  { name: 'version', shorts: '', longs: ['build-options'] },
];

const SUBCOMMANDS: ReadonlyMap<string, { spec: CommandSpec; table: OptionTable }> = new Map(
  GIT_SUBCOMMANDS.map((spec) => [
    spec.name,
    { spec: { ...spec, name: `git ${spec.name}` }, table: optionTable(spec) },
  ]),
);
const GLOBAL_OPTIONS = new Set(GIT_GLOBAL_OPTIONS);

/**
 * Why `git ARGS` is not read-only: a global option that changes where git looks or what it runs,
 * a subcommand not in the table, or an option or operand its entry does not admit. Two-word
 * entries (`stash list`) are looked up before one-word ones (`stash` alone pushes a stash).
 */
export function gitReason(
  args: readonly Argument[],
  argumentsReason: (spec: CommandSpec, table: OptionTable, args: readonly Argument[]) => string | undefined,
): string | undefined {
  let index = 0;
  while (index < args.length && args[index]!.text.startsWith('-')) {
    const option = args[index]!.text;
    if (option === '--version' && index === args.length - 1) return undefined;
    if (!GLOBAL_OPTIONS.has(option)) return `git ${option.split('=')[0]} changes how or where git runs`;
    index += 1;
  }
  const subcommand = args[index]?.text;
  if (subcommand === undefined) return 'git without a subcommand';
  const pair = args[index + 1] === undefined ? undefined : `${subcommand} ${args[index + 1]!.text}`;
  const twoWords = pair === undefined ? undefined : SUBCOMMANDS.get(pair);
  const entry = twoWords ?? SUBCOMMANDS.get(subcommand);
  if (entry === undefined) return `"git ${pair ?? subcommand}" is not a known read-only git command`;
  return argumentsReason(entry.spec, entry.table, args.slice(index + (twoWords === undefined ? 1 : 2)));
}
