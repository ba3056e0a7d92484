import { awkProgram } from './awk.ts';
import { bracketExpression, printfFormat, testExpression } from './evaluated.ts';
import { findExpression } from './find.ts';
import { atMostOneOperand, commandLookup, dateFormat, jqProgram, noOperands } from './operand-rules.ts';
import { sedScript } from './sed.ts';
import type { CommandSpec } from './spec.ts';

const CHECKSUM = ['binary', 'check', 'tag', 'text', 'zero', 'ignore-missing', 'quiet', 'status', 'strict', 'warn'];

/**
 * Programs that only read (or only print), each with every option it may carry: one entry per
 * program, checked against its manual (GNU coreutils, util-linux, procps, ripgrep, jq). An option
 * is left out when it writes a file, runs a program, or we are not sure; git is in git.ts.
 * Deliberately absent (never read-only): env and printenv (they print every secret in the
 * environment; env runs commands), ps (every process's command line, and with `e` its
 * environment), interpreters, pagers (less, more, man), editors, xargs, tee.
 */
export const READ_ONLY_PROGRAMS: readonly CommandSpec[] = [
  // Shell builtins and trivial programs.
  { name: 'echo', shorts: '', longs: [], freeform: true },
  { name: 'printf', shorts: '', longs: [], freeform: true, operands: printfFormat },
  { name: 'true', shorts: '', longs: [], freeform: true },
  { name: 'false', shorts: '', longs: [], freeform: true },
  { name: ':', shorts: '', longs: [], freeform: true },
  { name: 'test', shorts: '', longs: [], freeform: true, operands: testExpression },
  { name: '[', shorts: '', longs: [], freeform: true, operands: bracketExpression },
  { name: 'pwd', shorts: 'LP', longs: [] },
  { name: 'cd', shorts: 'LPe@', longs: [], operands: atMostOneOperand('cd', 'is an error or a substitution') },
  { name: 'type', shorts: 'afptP', longs: [] },
  { name: 'command', shorts: 'vV', longs: [], operands: commandLookup },
  { name: 'sleep', shorts: '', longs: [] },
  // Files and directories.
  {
    name: 'ls',
    shorts: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1I:T:w:',
    longs: [
      ...['all', 'almost-all', 'author', 'escape', 'block-size=', 'ignore-backups', 'color=?', 'directory'],
      ...['dired', 'classify=?', 'file-type', 'format=', 'full-time', 'group-directories-first', 'no-group'],
      ...['human-readable', 'si', 'dereference-command-line', 'dereference-command-line-symlink-to-dir'],
      ...['hide=', 'hyperlink=?', 'indicator-style=', 'inode', 'ignore=', 'kibibytes', 'dereference', 'literal'],
      ...['numeric-uid-gid', 'hide-control-chars', 'show-control-chars', 'quote-name', 'quoting-style='],
      ...['reverse', 'recursive', 'size', 'sort=', 'time=', 'time-style=', 'tabsize=', 'width=', 'context'],
      ...['zero', 'help', 'version'],
    ],
  },
  {
    name: 'cat',
    shorts: 'AbeEnstTuv',
    longs: ['show-all', 'number-nonblank', 'show-ends', 'number', 'squeeze-blank', 'show-tabs', 'show-nonprinting'],
  },
  {
    name: 'head',
    shorts: 'c:n:qvz',
    longs: ['bytes=', 'lines=', 'quiet', 'silent', 'verbose', 'zero-terminated'],
    counts: true,
  },
  {
    name: 'tail',
    shorts: 'c:fFn:qs:vz',
    longs: [
      ...['bytes=', 'follow=?', 'lines=', 'max-unchanged-stats=', 'pid=', 'quiet', 'silent', 'retry'],
      ...['sleep-interval=', 'verbose', 'zero-terminated'],
    ],
    counts: true,
  },
  {
    name: 'wc',
    shorts: 'clmwL',
    longs: ['bytes', 'chars', 'lines', 'words', 'max-line-length', 'total='],
  },
  {
    name: 'stat',
    shorts: 'Lfc:tZ',
    longs: ['dereference', 'file-system', 'format=', 'printf=', 'terse', 'cached='],
  },
  {
    name: 'du',
    shorts: '0abcDhHklLmPsSxd:t:B:X:',
    longs: [
      ...['null', 'all', 'apparent-size', 'block-size=', 'bytes', 'total', 'dereference-args', 'max-depth='],
      ...['human-readable', 'inodes', 'dereference', 'count-links', 'separate-dirs', 'si', 'summarize'],
      ...['threshold=', 'time=?', 'time-style=', 'exclude-from=', 'exclude=', 'one-file-system'],
    ],
  },
  {
    // `--output` here names the columns to print, not a file.
    name: 'df',
    shorts: 'ahHiklPTvB:t:x:',
    longs: [
      ...['all', 'block-size=', 'human-readable', 'si', 'inodes', 'local', 'output=?', 'portability'],
      ...['print-type', 'total', 'type=', 'exclude-type=', 'sync', 'no-sync'],
    ],
  },
  {
    // -o writes its output file; -R with -H writes an HTML page in every directory.
    name: 'tree',
    shorts: 'adlfxiqNQpugshDFvtcUrCASXJnL:P:I:',
    longs: [
      ...['gitignore', 'prune', 'noreport', 'inodes', 'device', 'dirsfirst', 'filesfirst', 'si', 'du'],
      ...['charset=', 'filelimit=', 'sort=', 'timefmt=', 'matchdirs', 'ignore-case', 'fromfile', 'noindent'],
    ],
  },
  {
    // -C compiles a magic file (writes it); -z and -Z run decompressors.
    name: 'file',
    shorts: 'bcEhiklLNnprsS0e:F:f:P:',
    longs: [
      ...['brief', 'mime', 'mime-type', 'mime-encoding', 'dereference', 'no-dereference', 'separator='],
      ...['files-from=', 'keep-going', 'raw', 'special-files', 'extension', 'apple', 'print0', 'no-pad'],
      ...['exclude=', 'exclude-quiet=', 'parameter='],
    ],
  },
  { name: 'basename', shorts: 'azs:', longs: ['multiple', 'suffix=', 'zero'] },
  { name: 'dirname', shorts: 'z', longs: ['zero'] },
  {
    name: 'realpath',
    shorts: 'eLmPqsz',
    longs: [
      ...['canonicalize-existing', 'canonicalize-missing', 'logical', 'physical', 'quiet', 'relative-to='],
      ...['relative-base=', 'strip', 'no-symlinks', 'zero'],
    ],
  },
  {
    name: 'readlink',
    shorts: 'efmnqsvz',
    longs: ['canonicalize', 'canonicalize-existing', 'canonicalize-missing', 'no-newline', 'quiet', 'silent', 'verbose', 'zero'],
  },
  { name: 'which', shorts: 'as', longs: [] },
  // Searching.
  {
    name: 'grep',
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
    counts: true,
  },
  {
    // --pre and --pre-glob run a program on every file, --hostname-bin runs one, -z/--search-zip
    // runs decompressors: all left out.
    name: 'rg',
    shorts: 'abcFhHiIlLnNoOpPqsSuUvVwx0A:B:C:e:E:f:g:j:m:M:r:t:T:d:',
    longs: [
      ...['after-context=', 'before-context=', 'context=', 'color=', 'colors=', 'column', 'no-column', 'count'],
      ...['count-matches', 'encoding=', 'file=', 'files', 'files-with-matches', 'files-without-match'],
      ...['fixed-strings', 'follow', 'glob=', 'iglob=', 'glob-case-insensitive', 'heading', 'no-heading'],
      ...['hidden', 'no-hidden', 'ignore-case', 'ignore-file=', 'json', 'line-number', 'no-line-number'],
      ...['line-regexp', 'max-columns=', 'max-columns-preview', 'max-count=', 'max-depth=', 'max-filesize='],
      ...['multiline', 'multiline-dotall', 'no-filename', 'with-filename', 'no-ignore', 'no-ignore-vcs'],
      ...['no-ignore-parent', 'no-ignore-dot', 'no-ignore-global', 'no-ignore-exclude', 'no-messages', 'null'],
      ...['only-matching', 'passthru', 'pcre2', 'pretty', 'quiet', 'regexp=', 'replace=', 'smart-case'],
      ...['case-sensitive', 'sort=', 'sortr=', 'stats', 'text', 'trim', 'type=', 'type-not=', 'type-list'],
      ...['unrestricted', 'vimgrep', 'word-regexp', 'invert-match', 'no-config', 'byte-offset', 'threads='],
      ...['one-file-system', 'no-unicode', 'crlf', 'null-data', 'help', 'version'],
    ],
  },
  {
    // fd runs programs with -x/--exec, -X/--exec-batch and -l/--list-details (ls): left out.
    name: 'fd',
    shorts: 'HIuisgFaLp0d:t:e:E:c:j:S:',
    longs: [
      ...['hidden', 'no-ignore', 'no-ignore-vcs', 'unrestricted', 'case-sensitive', 'ignore-case', 'glob'],
      ...['regex', 'fixed-strings', 'absolute-path', 'follow', 'full-path', 'print0', 'max-depth=', 'min-depth='],
      ...['exact-depth=', 'type=', 'extension=', 'exclude=', 'color=', 'threads=', 'size=', 'changed-within='],
      ...['changed-before=', 'max-results=', 'base-directory=', 'strip-cwd-prefix=?'],
    ],
  },
  { name: 'find', shorts: '', longs: [], freeform: true, operands: findExpression },
  // Text.
  {
    name: 'sort',
    // -o writes a file, -T writes temporary files where it is told, --compress-program runs one.
    shorts: 'bdfgiMhnRrVcCmsuzk:t:S:',
    longs: [
      ...['ignore-leading-blanks', 'dictionary-order', 'ignore-case', 'general-numeric-sort', 'ignore-nonprinting'],
      ...['month-sort', 'human-numeric-sort', 'numeric-sort', 'random-sort', 'random-source=', 'reverse', 'sort='],
      ...['version-sort', 'check=?', 'key=', 'merge', 'stable', 'buffer-size=', 'field-separator=', 'unique'],
      ...['zero-terminated', 'parallel=', 'debug'],
    ],
  },
  {
    name: 'uniq',
    shorts: 'cdDuizf:s:w:',
    longs: ['count', 'repeated', 'all-repeated=?', 'unique', 'ignore-case', 'zero-terminated', 'skip-fields=', 'skip-chars=', 'check-chars=', 'group=?'],
    operands: atMostOneOperand('uniq', 'writes the second'),
  },
  {
    name: 'cut',
    shorts: 'nsb:c:d:f:z',
    longs: ['bytes=', 'characters=', 'delimiter=', 'fields=', 'complement', 'only-delimited', 'output-delimiter=', 'zero-terminated'],
  },
  { name: 'tr', shorts: 'cCdst', longs: ['complement', 'delete', 'squeeze-repeats', 'truncate-set1'] },
  { name: 'sed', shorts: 'nErsuzl:e:', longs: ['quiet', 'silent', 'regexp-extended', 'separate', 'unbuffered', 'null-data', 'zero-terminated', 'posix', 'debug', 'sandbox', 'expression=', 'line-length='], operands: sedScript },
  { name: 'awk', shorts: 'F:v:', longs: ['field-separator=', 'assign='], operands: awkProgram },
  {
    name: 'jq',
    // -f/--from-file takes the program from a file we do not see; -L loads modules.
    shorts: 'rjacnesSCMR',
    longs: [
      ...['raw-output', 'raw-output0', 'join-output', 'ascii-output', 'compact-output', 'null-input', 'exit-status'],
      ...['slurp', 'sort-keys', 'color-output', 'monochrome-output', 'raw-input', 'tab', 'indent=', 'seq', 'stream'],
      ...['stream-errors', 'arg==', 'argjson==', 'slurpfile==', 'rawfile==', 'args', 'jsonargs', 'help', 'version'],
    ],
    operands: jqProgram,
  },
  {
    name: 'diff',
    // -l (--paginate) runs pr.
    shorts: 'abBdeEfhinNpqrstTuvwyZC:D:F:I:L:S:U:W:x:X:',
    longs: [
      ...['normal', 'brief', 'report-identical-files', 'context=?', 'unified=?', 'ed', 'rcs', 'side-by-side'],
      ...['width=', 'left-column', 'suppress-common-lines', 'show-c-function', 'show-function-line=', 'label='],
      ...['expand-tabs', 'initial-tab', 'tabsize=', 'suppress-blank-empty', 'new-file', 'unidirectional-new-file'],
      ...['ignore-case', 'ignore-file-name-case', 'no-ignore-file-name-case', 'ignore-tab-expansion'],
      ...['ignore-trailing-space', 'ignore-space-change', 'ignore-all-space', 'ignore-blank-lines'],
      ...['ignore-matching-lines=', 'text', 'strip-trailing-cr', 'recursive', 'exclude=', 'exclude-from='],
      ...['starting-file=', 'from-file=', 'to-file=', 'color=?', 'palette=', 'minimal', 'speed-large-files'],
      ...['horizon-lines=', 'no-dereference', 'help', 'version'],
    ],
  },
  { name: 'cmp', shorts: 'blsi:n:', longs: ['print-bytes', 'ignore-initial=', 'verbose', 'bytes=', 'quiet', 'silent'] },
  { name: 'comm', shorts: '123z', longs: ['check-order', 'nocheck-order', 'output-delimiter=', 'total', 'zero-terminated'] },
  { name: 'nl', shorts: 'pb:d:f:h:i:l:n:s:v:w:', longs: ['body-numbering=', 'section-delimiter=', 'footer-numbering=', 'header-numbering=', 'line-increment=', 'join-blank-lines=', 'number-format=', 'no-renumber', 'number-separator=', 'starting-line-number=', 'number-width='] },
  { name: 'rev', shorts: '', longs: [] },
  { name: 'tac', shorts: 'brs:', longs: ['before', 'regex', 'separator='] },
  { name: 'fold', shorts: 'bsw:', longs: ['bytes', 'spaces', 'width='] },
  { name: 'column', shorts: 'tnxJLs:o:c:N:R:', longs: ['table', 'separator=', 'output-separator=', 'columns=', 'fillrows', 'json', 'table-columns=', 'table-right=', 'keep-empty-lines'] },
  { name: 'paste', shorts: 'szd:', longs: ['delimiters=', 'serial', 'zero-terminated'] },
  { name: 'join', shorts: 'iza:e:j:o:t:v:1:2:', longs: ['ignore-case', 'check-order', 'nocheck-order', 'header', 'zero-terminated'] },
  { name: 'expand', shorts: 'it:', longs: ['initial', 'tabs='] },
  { name: 'unexpand', shorts: 'at:', longs: ['all', 'first-only', 'tabs='] },
  { name: 'seq', shorts: 'wf:s:', longs: ['equal-width', 'format=', 'separator='] },
  // Bytes and checksums.
  { name: 'od', shorts: 'abcdfilosxvA:j:N:S:t:w::', longs: ['address-radix=', 'skip-bytes=', 'read-bytes=', 'strings=?', 'format=', 'output-duplicates', 'width=?', 'endian=', 'traditional'] },
  { name: 'hexdump', shorts: 'bcCdoxvLe:f:n:s:', longs: [] },
  {
    // `xxd IN OUT` writes OUT; xxd reads `-ps` as one option, so nothing clusters.
    name: 'xxd',
    shorts: 'aAbCeEipruvc:g:l:o:s:n:',
    longs: [],
    noClusters: true,
    operands: atMostOneOperand('xxd', 'writes the second'),
  },
  { name: 'strings', shorts: 'afdwsn:t:eT:', longs: ['all', 'print-file-name', 'bytes=', 'radix=', 'encoding=', 'target=', 'output-separator=', 'data', 'include-all-whitespace'] },
  { name: 'base64', shorts: 'diw:', longs: ['decode', 'ignore-garbage', 'wrap='] },
  { name: 'base32', shorts: 'diw:', longs: ['decode', 'ignore-garbage', 'wrap='] },
  { name: 'md5sum', shorts: 'bctwz', longs: CHECKSUM },
  { name: 'sha1sum', shorts: 'bctwz', longs: CHECKSUM },
  { name: 'sha256sum', shorts: 'bctwz', longs: CHECKSUM },
  { name: 'sha512sum', shorts: 'bctwz', longs: CHECKSUM },
  { name: 'b2sum', shorts: 'bctwzl:', longs: [...CHECKSUM, 'length='] },
  { name: 'cksum', shorts: 'a:l:', longs: ['algorithm=', 'base64', 'check', 'length=', 'raw', 'tag', 'untagged', 'zero', 'ignore-missing', 'quiet', 'status', 'strict', 'warn'] },
  { name: 'zcat', shorts: 'fqv', longs: ['force', 'quiet', 'verbose'] },
  // The machine and its users.
  { name: 'whoami', shorts: '', longs: [] },
  { name: 'id', shorts: 'agGnruzZ', longs: ['context', 'group', 'groups', 'name', 'real', 'user', 'zero'] },
  { name: 'groups', shorts: '', longs: [] },
  { name: 'who', shorts: 'abdHlmpqrstTuw', longs: ['all', 'boot', 'dead', 'heading', 'login', 'lookup', 'message', 'process', 'count', 'runlevel', 'short', 'time', 'users', 'mesg', 'writable'] },
  { name: 'w', shorts: 'hsfiou', longs: ['no-header', 'short', 'from', 'ip-addr', 'old-style', 'no-current'] },
  { name: 'uname', shorts: 'asnrvmpio', longs: ['all', 'kernel-name', 'nodename', 'kernel-release', 'kernel-version', 'machine', 'processor', 'hardware-platform', 'operating-system'] },
  { name: 'uptime', shorts: 'ps', longs: ['pretty', 'since'] },
  { name: 'nproc', shorts: '', longs: ['all', 'ignore='] },
  { name: 'arch', shorts: '', longs: [] },
  { name: 'free', shorts: 'bkmghltwv', longs: ['bytes', 'kibi', 'mebi', 'gibi', 'tebi', 'human', 'si', 'lohi', 'total', 'wide', 'committed'] },
  { name: 'cal', shorts: '13jsSmMwyYv', longs: ['one', 'three', 'julian', 'sunday', 'monday', 'week', 'year', 'twelve', 'vertical'] },
  {
    // -s/--set and a date operand set the clock; -f/-r read a file.
    name: 'date',
    shorts: 'Rud:f:I::r:',
    longs: ['date=', 'file=', 'iso-8601=?', 'resolution', 'rfc-email', 'rfc-3339=', 'reference=', 'utc', 'universal', 'debug'],
    operands: dateFormat,
  },
  {
    // With a name (or -F FILE, -b) hostname sets the host name.
    name: 'hostname',
    shorts: 'adfiIsAy',
    longs: ['alias', 'domain', 'fqdn', 'long', 'ip-address', 'all-ip-addresses', 'short', 'all-fqdns', 'yp', 'nis'],
    operands: noOperands('hostname', 'sets the host name'),
  },
];
