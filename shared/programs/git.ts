import { GIT_CHANGING_SUBCOMMANDS } from './git-changes.ts';
import type { ParsedProgram, ProgramEntry, ReadRule } from './types.ts';

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
  ...['no-diff-merges', 'combined-all-paths', 'dd', 'count', 'no-abbrev', 'stdin'],
];

/** Revisions and paths read from stdin (`git log --stdin`): the words do not show them. */
const REVISION_EFFECTS = { stdin: ['stdin-names'] } as const;

/** `%G?` and `%(signature)` make git run gpg to check a signature. */
const SIGNATURE_PLACEHOLDER = /%G|%\(signature/;
const FORMAT_OPTIONS = new Set(['format', 'pretty']);

const formatsOnly: ReadRule = {
  says: 'formats without `%G…` or `%(signature)` (they run gpg)',
  check: (args) => signatureReason(args),
};

function signatureReason(args: ParsedProgram): string | undefined {
  const option = args.options.find(
    (candidate) => FORMAT_OPTIONS.has(candidate.name) && SIGNATURE_PLACEHOLDER.test(candidate.value ?? ''),
  );
  return option === undefined ? undefined : `git ${option.written} checks signatures, which runs gpg`;
}

function noGlobs(args: ParsedProgram, what: string): string | undefined {
  const glob = args.operands.find((operand) => operand.glob);
  return glob === undefined
    ? undefined
    : `${what} with the pattern ${glob.text} may get more operands than written`;
}

/** `git branch NAME` creates a branch; with `--list` (or `-l`) names are patterns to list. */
const listing = (what: 'branch' | 'tag'): ReadRule => ({
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
const remoteListing: ReadRule = {
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

const configRead: ReadRule = {
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

const noOperandsRule = (what: string): ReadRule => ({
  says: 'no operand',
  check: ({ operands }) => (operands.length === 0 ? undefined : `git ${what} with an operand is not a read`),
});

/**
 * Subcommands that never change the repository or the work tree, each with every option it may
 * carry (git's own documentation). git reads the repository's configuration, which is the user's
 * and trusted; what it may not do is run a program we did not see: an external diff, a textconv
 * filter, a pager chosen on the command line, gpg.
 */
const GIT_SUBCOMMANDS: readonly ProgramEntry[] = [
  {
    name: 'status',
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
    shorts: DIFF_SHORTS,
    longs: [...DIFF_LONGS, 'cached', 'staged', 'merge-base', 'no-index'],
  },
  {
    name: 'log',
    family: 'git',
    readOnly: true,
    shorts: DIFF_SHORTS + REVISION_SHORTS,
    longs: [...DIFF_LONGS, ...REVISION_LONGS],
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'show',
    family: 'git',
    readOnly: true,
    shorts: DIFF_SHORTS + REVISION_SHORTS,
    longs: [...DIFF_LONGS, ...REVISION_LONGS],
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'shortlog',
    family: 'git',
    readOnly: true,
    shorts: `nsecw::${REVISION_SHORTS.replace('c', '').replace('n:', '')}`,
    longs: [...['numbered', 'summary', 'email', 'group='], ...REVISION_LONGS],
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'rev-list',
    family: 'git',
    readOnly: true,
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
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'blame',
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    effects: {
      batch: ['stdin-names'],
      'batch-check': ['stdin-names'],
      'batch-command': ['stdin-names'],
      'batch-all-objects': ['secrets'],
    },
  },
  {
    name: 'describe',
    family: 'git',
    readOnly: true,
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
  {
    name: 'merge-base',
    family: 'git',
    readOnly: true,
    shorts: 'a',
    longs: ['all', 'octopus', 'independent', 'is-ancestor', 'fork-point'],
  },
  {
    name: 'show-ref',
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    rule: formatsOnly,
  },
  {
    // -O/--open-files-in-pager runs a program; --textconv runs filters.
    name: 'grep',
    family: 'git',
    readOnly: true,
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
    family: 'git',
    readOnly: true,
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
    rule: listing('branch'),
  },
  {
    name: 'tag',
    family: 'git',
    readOnly: true,
    shorts: 'ln::',
    longs: [
      ...['list', 'sort=', 'format=', 'contains=', 'no-contains=', 'merged=', 'no-merged=', 'points-at='],
      ...['column=?', 'no-column', 'color=?', 'ignore-case', 'omit-empty'],
    ],
    rule: listing('tag'),
  },
  {
    name: 'remote',
    family: 'git',
    readOnly: true,
    shorts: 'v',
    longs: ['verbose', 'push', 'all'],
    writesAlso: ['.git/config'],
    rule: remoteListing,
  },
  {
    name: 'config',
    family: 'git',
    readOnly: true,
    shorts: 'lz',
    // git config stops reading options at its first operand: `git config bare.git --local`
    // sets bare.git to "--local" (git 2.39, as traced by the oracle).
    permute: false,
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
      ...['unset', 'unset-all', 'add', 'replace-all', 'rename-section', 'remove-section', 'edit'],
    ],
    // Listed so the risk rater reads them; none is a read.
    effects: {
      unset: ['writes'],
      'unset-all': ['writes'],
      add: ['writes'],
      'replace-all': ['writes'],
      'rename-section': ['writes'],
      'remove-section': ['writes'],
      edit: ['runs'],
    },
    writesAlso: ['.git/config', '~/.gitconfig'],
    rule: configRead,
  },
  {
    name: 'stash list',
    family: 'git',
    readOnly: true,
    shorts: REVISION_SHORTS,
    longs: REVISION_LONGS,
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'stash show',
    family: 'git',
    readOnly: true,
    shorts: `${DIFF_SHORTS}`,
    longs: [...DIFF_LONGS, 'include-untracked', 'only-untracked', 'no-include-untracked'],
  },
  {
    name: 'worktree list',
    family: 'git',
    readOnly: true,
    shorts: 'vz',
    longs: ['porcelain', 'verbose', 'expire='],
    rule: noOperandsRule('worktree list'),
  },
  {
    name: 'reflog',
    family: 'git',
    readOnly: true,
    shorts: REVISION_SHORTS,
    longs: REVISION_LONGS,
    effects: REVISION_EFFECTS,
    counts: true,
    rule: noOperandsRule('reflog'),
  },
  {
    name: 'reflog show',
    family: 'git',
    readOnly: true,
    shorts: REVISION_SHORTS,
    longs: REVISION_LONGS,
    effects: REVISION_EFFECTS,
    counts: true,
    rule: formatsOnly,
  },
  {
    name: 'count-objects',
    family: 'git',
    readOnly: true,
    shorts: 'vH',
    longs: ['verbose', 'human-readable'],
  },
  {
    name: 'check-ignore',
    family: 'git',
    readOnly: true,
    shorts: 'qvnz',
    longs: ['quiet', 'verbose', 'non-matching', 'no-index', 'stdin'],
    effects: { stdin: ['stdin-names'] },
  },
  { name: 'version', family: 'git', readOnly: true, shorts: '', longs: ['build-options'] },
];

/**
 * git's own options, before the subcommand. Only those that change output leave it a read: `-c`
 * and `--config-env` set configuration (a pager, an fsmonitor hook: code execution); `-C`,
 * `--git-dir`, `--work-tree`, `--bare`, `--namespace`, `--super-prefix` point git at a
 * repository whose configuration we have not seen; `--exec-path` chooses the programs git runs;
 * `-p`/`--paginate` runs a pager and `--help` man. git reads each option as a word of its own.
 */
export const GIT: ProgramEntry = {
  name: 'git',
  family: 'git',
  readOnly: true,
  shorts: 'PpC:c:',
  longs: [
    ...['no-pager', 'paginate', 'no-optional-locks', 'no-replace-objects', 'literal-pathspecs'],
    ...['glob-pathspecs', 'noglob-pathspecs', 'icase-pathspecs', 'no-advice', 'version', 'help'],
    ...['git-dir=', 'work-tree=', 'namespace=', 'exec-path=?', 'bare', 'config-env=', 'super-prefix='],
    ...['list-cmds=', 'attr-source=', 'html-path', 'man-path', 'info-path', 'no-lazy-fetch'],
  ],
  clusters: 'none',
  permute: false,
  abbreviations: false,
  effects: {
    p: ['runs'],
    paginate: ['runs'],
    help: ['runs'],
    c: ['runs'],
    'config-env': ['runs'],
    'exec-path': ['runs'],
    'attr-source': ['runs'],
    C: ['elsewhere'],
    'git-dir': ['elsewhere'],
    'work-tree': ['elsewhere'],
    bare: ['elsewhere'],
    namespace: ['elsewhere'],
    'super-prefix': ['elsewhere'],
    'list-cmds': ['runs'],
  },
  subcommands: [...GIT_SUBCOMMANDS, ...GIT_CHANGING_SUBCOMMANDS],
};
