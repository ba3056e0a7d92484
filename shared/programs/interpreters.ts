import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Shells and language interpreters (off the read-only list): they run code. Their grammar from
 * each manual, for the risk rater (shared/risk/programs/interpreters.ts): which word is the
 * code, the script, or the input. Options end at the script's name (`permute: false`): the
 * words after it are the script's own.
 */

/** POSIX shells (sh may be bash or dash): `-c` makes the first operand the command line. */
const posixShell = (name: string): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts: 'abcefhikmnprstuvxBCDEHPTlo:O:',
  longs: words(
    'debugger dump-po-strings dump-strings help init-file= rcfile= login noediting noprofile norc posix pretty-print restricted verbose version',
  ),
  permute: false,
  // The script (or with `-c`, the command line), then its arguments.
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { c: ['runs'], s: ['runs'], i: ['runs'], 'init-file': ['runs'], rcfile: ['runs'] },
  note: '`+o`/`+O` words are operands here: the rater reads none of them (fail closed)',
});

/** zsh takes every letter and digit as an option of its own; `-o NAME` names one. */
const ZSH_LETTERS = 'abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const ZSH: ProgramEntry = {
  ...posixShell('zsh'),
  shorts: `${ZSH_LETTERS}o:`,
  longs: words('help version emulate='),
  effects: { c: ['runs'], s: ['runs'], i: ['runs'] },
  note: 'every letter is one of its single-letter options',
};

const FISH: ProgramEntry = {
  name: 'fish',
  family: 'interpreters',
  readOnly: false,
  shorts: 'c:C:d:f:ilNnp:PvhD:',
  longs: words(
    'command= init-command= debug= debug-output= debug-stack-frames= features= interactive login no-config no-execute profile= profile-startup= private print-rusage-self version help',
  ),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { c: ['runs'], command: ['runs'], C: ['runs'], 'init-command': ['runs'] },
};

const cShell = (name: string): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts: 'bcdefFilmnqstvVxX',
  longs: words('help version'),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { c: ['runs'], s: ['runs'], i: ['runs'] },
});

const PYTHON = (name: string): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts: 'bBdEhiIOPqsSuvVxc:m:W:X:Q:',
  longs: words('help help-env help-xoptions help-all version check-hash-based-pycs='),
  permute: false,
  endsOptions: ['c', 'm'],
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { c: ['runs'], m: ['runs'], i: ['runs'] },
});

const NODE: ProgramEntry = {
  name: 'node',
  family: 'interpreters',
  readOnly: false,
  shorts: 'hvcie:p:r:C:',
  longs: words(
    'eval= print= require= import= loader= experimental-loader= input-type= inspect=? inspect-brk=? inspect-wait=? inspect-port= check interactive version help env-file= env-file-if-exists= watch watch-path= watch-preserve-output test test-only test-reporter= test-reporter-destination= test-name-pattern= test-concurrency= no-warnings trace-warnings enable-source-maps experimental-vm-modules experimental-strip-types experimental-transform-types no-experimental-strip-types experimental-require-module experimental-detect-module max-old-space-size= max-http-header-size= stack-size= conditions= title= abort-on-uncaught-exception unhandled-rejections= trace-uncaught preserve-symlinks preserve-symlinks-main no-deprecation throw-deprecation trace-deprecation pending-deprecation expose-gc harmony cpu-prof heap-prof run= disable-warning= localstorage-file= permission allow-fs-read= allow-fs-write= allow-child-process allow-worker',
  ),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: {
    e: ['runs'],
    eval: ['runs'],
    p: ['runs'],
    print: ['runs'],
    r: ['runs'],
    require: ['runs'],
    import: ['runs'],
    loader: ['runs'],
    'experimental-loader': ['runs'],
    run: ['runs'],
    'env-file': ['reads'],
    'env-file-if-exists': ['reads'],
  },
};

/** Perl: `-0`/`-l` take octal digits (each read as a flag of its own); `-i` an attached suffix. */
const PERL: ProgramEntry = {
  name: 'perl',
  family: 'interpreters',
  readOnly: false,
  shorts: '01234567acfhnpsStTuUvwWXC::d::D::F::i::M::m::V::x::e:E:I:l',
  longs: words('help version'),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { e: ['runs'], E: ['runs'], i: ['writes'], M: ['runs'], m: ['runs'] },
  note: '`-0` and `-l` take octal digits, read as flags of their own; `-pie` is `-i` with the suffix `e`, as perl reads it',
};

const RUBY: ProgramEntry = {
  name: 'ruby',
  family: 'interpreters',
  readOnly: false,
  shorts: '01234567acdhlnpsSUvwye:r:I:C:E:F::i::K::T::W::x::',
  longs: words(
    'copyright enable= disable= dump= encoding= external-encoding= internal-encoding= help verbose version jit yjit backtrace-limit= crash-report=',
  ),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { e: ['runs'], r: ['runs'], i: ['writes'] },
};

const PHP: ProgramEntry = {
  name: 'php',
  family: 'interpreters',
  readOnly: false,
  shorts: 'aCnehilmHsvwb:c:d:f:r:B:R:F:E:S:t:z:',
  longs: words('ini=? rf= rc= re= ri= rz= help version'),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  effects: { r: ['runs'], R: ['runs'], B: ['runs'], E: ['runs'], f: ['runs'], F: ['runs'], S: ['network'] },
};

/** An interpreter with a few single-letter options, code given with `-e`. */
const small = (name: string, shorts: string, longs = ''): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts,
  longs: longs === '' ? [] : words(longs),
  permute: false,
  operands: { positions: ['reads'], rest: 'text' },
  does: ['runs'],
  ...(shorts.includes('e:') ? { effects: { e: ['runs'] } } : {}),
});

/** PowerShell's options are single-dash words, matched by prefix and in any case: its rater reads them. */
const powershell = (name: string): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts: '',
  longs: [],
  freeform: true,
  operands: { rest: 'text' },
  does: ['runs'],
  note: 'options are single-dash words taken by prefix in any case (`-c`, `-Com`, `-enc`): read by its rater',
});

const DENO: ProgramEntry = {
  name: 'deno',
  family: 'interpreters',
  readOnly: false,
  shorts: 'qhVL:',
  longs: words('quiet help version log-level= unstable'),
  permute: false,
  // The subcommand, then its own words.
  operands: { positions: ['text'], rest: 'text' },
  does: ['runs'],
};

/** `eval WORDS`, `source FILE ARGS`: no options, the words are the code or the file. */
const builtin = (name: string): ProgramEntry => ({
  name,
  family: 'interpreters',
  readOnly: false,
  shorts: '',
  longs: [],
  freeform: true,
  operands: name === 'eval' ? { rest: 'text' } : { positions: ['reads'], rest: 'text' },
  does: ['runs'],
});

const OPENSSL: ProgramEntry = {
  name: 'openssl',
  family: 'interpreters',
  readOnly: false,
  shorts: '',
  longs: [],
  freeform: true,
  // `openssl COMMAND -opt …`: single-dash options of each command.
  operands: { positions: ['text'], rest: 'text' },
  note: 'each command takes single-dash long options (`-in`, `-d`): read by its rater',
};

export const INTERPRETER_PROGRAMS: readonly ProgramEntry[] = [
  ...['sh', 'bash', 'dash', 'ksh', 'mksh', 'ash'].map(posixShell),
  ZSH,
  FISH,
  cShell('csh'),
  cShell('tcsh'),
  PYTHON('python'),
  PYTHON('pypy'),
  NODE,
  PERL,
  RUBY,
  PHP,
  small('lua', 'ivEWe:l:'),
  small(
    'Rscript',
    'e:',
    'help version verbose default-packages= vanilla no-environ no-site-file no-init-file restore no-restore save no-save',
  ),
  small('osascript', 'ie:l:s:'),
  small('tclsh', ''),
  powershell('pwsh'),
  powershell('powershell'),
  DENO,
  builtin('eval'),
  builtin('source'),
  builtin('.'),
  OPENSSL,
];
