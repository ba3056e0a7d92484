import { findExpression } from './rules/find.ts';
import type { ProgramEntry } from './types.ts';

/** grep, and its egrep and fgrep spellings: the first operand is the pattern unless -e or -f gives it. */
const GREP: ProgramEntry = {
  name: 'grep',
  family: 'search',
  readOnly: true,
  shorts: 'EFGPiyvwxcLloqsbHhnTZzaIrRUuVe:f:m:A:B:C:d:D:',
  longs: [
    ...['extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'regexp=', 'file=', 'ignore-case'],
    ...['no-ignore-case', 'word-regexp', 'line-regexp', 'null-data', 'no-messages', 'invert-match'],
    ...['max-count=', 'byte-offset', 'line-number', 'no-line-number', 'line-buffered', 'with-filename'],
    ...['no-filename', 'label=', 'only-matching', 'quiet', 'silent', 'binary-files=', 'text', 'directories='],
    ...['devices=', 'recursive', 'dereference-recursive', 'include=', 'exclude=', 'exclude-from='],
    ...['exclude-dir=', 'files-without-match', 'files-with-matches', 'count', 'initial-tab', 'null'],
    ...['before-context=', 'after-context=', 'context=', 'color=?', 'colour=?', 'binary', 'help', 'version'],
  ],
  abbreviations: true,
  counts: true,
  operands: { positions: ['text'], positionsUnless: ['e', 'regexp', 'f', 'file'] },
  effects: {
    r: ['walks'],
    R: ['walks', 'links'],
    recursive: ['walks'],
    'dereference-recursive': ['walks', 'links'],
    // `-d recurse` is `-r`; grep takes abbreviated values (`-d rec`), so only the exact
    // harmless values do not walk.
    'd=read': [],
    'd=skip': [],
    'd=*': ['walks'],
    'directories=read': [],
    'directories=skip': [],
    'directories=*': ['walks'],
    f: ['reads'],
    file: ['reads'],
    'exclude-from': ['reads'],
  },
};

export const SEARCH_PROGRAMS: readonly ProgramEntry[] = [
  GREP,
  { ...GREP, name: 'egrep' },
  { ...GREP, name: 'fgrep' },
  {
    // Left out: --pre and --pre-glob run a program on every file, --hostname-bin runs one,
    // -z/--search-zip runs decompressors. rg always walks the directories it is given (or `.`).
    name: 'rg',
    family: 'search',
    readOnly: true,
    shorts: 'abcFhHiIlLnNoOpPqsSuUvVwx0A:B:C:e:E:f:g:j:m:M:r:t:T:d:',
    longs: [
      ...[
        'after-context=',
        'before-context=',
        'context=',
        'color=',
        'colors=',
        'column',
        'no-column',
        'count',
      ],
      ...['count-matches', 'encoding=', 'file=', 'files', 'files-with-matches', 'files-without-match'],
      ...['fixed-strings', 'follow', 'glob=', 'iglob=', 'glob-case-insensitive', 'heading', 'no-heading'],
      ...['hidden', 'no-hidden', 'ignore-case', 'ignore-file=', 'json', 'line-number', 'no-line-number'],
      ...['line-regexp', 'max-columns=', 'max-columns-preview', 'max-count=', 'max-depth=', 'max-filesize='],
      ...['multiline', 'multiline-dotall', 'no-filename', 'with-filename', 'no-ignore', 'no-ignore-vcs'],
      ...[
        'no-ignore-parent',
        'no-ignore-dot',
        'no-ignore-global',
        'no-ignore-exclude',
        'no-messages',
        'null',
      ],
      ...['only-matching', 'passthru', 'pcre2', 'pretty', 'quiet', 'regexp=', 'replace=', 'smart-case'],
      ...['case-sensitive', 'sort=', 'sortr=', 'stats', 'text', 'trim', 'type=', 'type-not=', 'type-list'],
      ...['unrestricted', 'vimgrep', 'word-regexp', 'invert-match', 'no-config', 'byte-offset', 'threads='],
      ...['one-file-system', 'no-unicode', 'crlf', 'null-data', 'help', 'version'],
    ],
    operands: { positions: ['text'], positionsUnless: ['e', 'regexp', 'f', 'file'] },
    does: ['walks'],
    effects: {
      f: ['reads'],
      file: ['reads'],
      'ignore-file': ['reads'],
      L: ['walks', 'links'],
      follow: ['walks', 'links'],
    },
  },
  {
    // fd runs programs with -x/--exec, -X/--exec-batch and -l/--list-details (ls): left out.
    // It lists names, not contents.
    name: 'fd',
    family: 'search',
    readOnly: true,
    shorts: 'HIuisgFaLp0d:t:e:E:c:j:S:',
    longs: [
      ...['hidden', 'no-ignore', 'no-ignore-vcs', 'unrestricted', 'case-sensitive', 'ignore-case', 'glob'],
      ...[
        'regex',
        'fixed-strings',
        'absolute-path',
        'follow',
        'full-path',
        'print0',
        'max-depth=',
        'min-depth=',
      ],
      ...[
        'exact-depth=',
        'type=',
        'extension=',
        'exclude=',
        'color=',
        'threads=',
        'size=',
        'changed-within=',
      ],
      ...['changed-before=', 'max-results=', 'base-directory=', 'strip-cwd-prefix=?'],
    ],
    operands: { positions: ['text'] },
  },
  {
    name: 'find',
    family: 'search',
    readOnly: true,
    shorts: '',
    longs: [],
    freeform: true,
    rule: findExpression,
  },
];
