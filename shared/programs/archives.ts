import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Programs that unpack, patch or copy raw data into files (off the read-only list): their
 * grammar from each manual, for the risk rater (shared/risk/programs/files.ts).
 */
export const ARCHIVE_PROGRAMS: readonly ProgramEntry[] = [
  {
    name: 'tar',
    family: 'files',
    readOnly: false,
    shorts: 'AcdrtuxaBGhiJjklMmnOoPpRSsUvWwzZb:C:f:F:g:H:I:K:L:N:T:V:X:',
    longs: words(
      'extract get create list append update catenate concatenate delete diff compare test-label directory= file= gzip gunzip ungzip bzip2 xz lzip lzma lzop zstd compress uncompress auto-compress no-auto-compress use-compress-program= verbose exclude= exclude-from= exclude-vcs exclude-vcs-ignores exclude-backups exclude-caches exclude-caches-all exclude-caches-under exclude-tag= exclude-tag-all= exclude-tag-under= files-from= null no-null strip-components= transform= xform= to-command= checkpoint=? checkpoint-action= info-script= new-volume-script= rmt-command= rsh-command= owner= group= mode= mtime= numeric-owner no-same-owner same-owner preserve-permissions same-permissions no-same-permissions preserve-order same-order keep-old-files keep-newer-files keep-directory-symlink skip-old-files overwrite overwrite-dir no-overwrite-dir unlink-first recursive-unlink remove-files absolute-names dereference hard-dereference one-file-system sparse sparse-version= totals=? show-transformed-names wildcards no-wildcards anchored no-anchored ignore-case no-ignore-case wildcards-match-slash no-wildcards-match-slash recursion no-recursion warning= blocking-factor= record-size= ignore-zeros ignore-failed-read format= posix old-archive portable help usage version to-stdout sort= xattrs no-xattrs xattrs-include= xattrs-exclude= acls no-acls selinux no-selinux level= listed-incremental= incremental multi-volume tape-length= label= volno-file= force-local backup=? suffix= starting-file= newer= after-date= newer-mtime= index-file= utc full-time verify check-device no-check-device occurrence=? delay-directory-restore no-delay-directory-restore restrict show-defaults show-omitted-dirs show-stored-names hole-detection= pax-option= quoting-style= quote-chars= no-quote-chars no-unquote unquote ignore-command-error no-ignore-command-error interactive confirmation check-links atime-preserve=? read-full-records clamp-mtime seek no-seek',
    ),
    abbreviations: true,
    operands: { rest: 'text' },
    does: ['writes'],
    effects: {
      C: ['writes'],
      directory: ['writes'],
      f: ['reads', 'writes'],
      file: ['reads', 'writes'],
      'remove-files': ['writes'],
      I: ['runs'],
      'use-compress-program': ['runs'],
      F: ['runs'],
      'info-script': ['runs'],
      'new-volume-script': ['runs'],
      'to-command': ['runs'],
      'checkpoint-action': ['runs'],
      'rmt-command': ['runs'],
      'rsh-command': ['runs'],
      T: ['reads'],
      'files-from': ['reads'],
      X: ['reads'],
      'exclude-from': ['reads'],
    },
    note: 'the old form (`tar xzf a.tgz`, letters without a dash, values from the following words in order) is read as its rater spells it out',
  },
  {
    name: 'unzip',
    family: 'files',
    readOnly: false,
    shorts: 'ZcflptTuvzabjnoqsCDKLMUVWXd:x:P:O:I:',
    longs: [],
    // The archive, then the members to extract.
    operands: { positions: ['reads'], rest: 'text' },
    does: ['writes'],
    effects: { d: ['writes'] },
    note: '`-x` takes the one word after it here (unzip takes every word up to the next option)',
  },
  {
    name: 'patch',
    family: 'files',
    readOnly: false,
    shorts: 'bcCeEfglnNRstTuvZB:d:D:F:i:o:p:r:V:Y:z:',
    longs: words(
      'backup prefix= context directory= ifdef= ed remove-empty-files force fuzz= get= input= ignore-whitespace normal forward output= strip= reject-file= reverse silent quiet batch set-time set-utc unified version version-control= basename-prefix= suffix= posix dry-run verbose binary merge=? follow-symlinks reject-format= read-only= help backup-if-mismatch no-backup-if-mismatch quoting-style=',
    ),
    abbreviations: true,
    // `patch [ORIGINAL [PATCHFILE]]`.
    operands: { positions: ['writes', 'reads'], max: 2 },
    does: ['writes'],
    effects: {
      d: ['writes'],
      directory: ['writes'],
      o: ['writes'],
      output: ['writes'],
      r: ['writes'],
      'reject-file': ['writes'],
      i: ['reads'],
      input: ['reads'],
      e: ['runs'],
      ed: ['runs'],
    },
  },
  {
    name: 'dd',
    family: 'files',
    readOnly: false,
    shorts: '',
    longs: [],
    freeform: true,
    // `if=FILE`, `of=FILE`, `bs=N`…: key=value words.
    operands: { rest: 'text' },
    note: 'its operands are `key=value` words: `of=` is the file it writes',
  },
];
