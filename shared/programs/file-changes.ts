import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * GNU coreutils programs that change files (off the read-only list): their grammar from each
 * program's manual, and what their operands are. The risk rater reads them with the catalog's
 * parser (shared/risk/programs/files.ts): what they delete, write or hand to another owner.
 */
export const FILE_CHANGE_PROGRAMS: readonly ProgramEntry[] = [
  {
    name: 'rm',
    family: 'files',
    readOnly: false,
    shorts: 'dfiIrRv',
    longs: words(
      'force interactive=? one-file-system no-preserve-root preserve-root=? recursive dir verbose help version',
    ),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
  },
  {
    name: 'rmdir',
    family: 'files',
    readOnly: false,
    shorts: 'pv',
    longs: words('ignore-fail-on-non-empty parents verbose help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
  },
  {
    name: 'unlink',
    family: 'files',
    readOnly: false,
    shorts: '',
    longs: words('help version'),
    operands: { rest: 'writes', max: 1 },
    does: ['writes'],
  },
  {
    name: 'shred',
    family: 'files',
    readOnly: false,
    shorts: 'fn:s:uvxz',
    longs: words('force iterations= random-source= size= remove=? verbose exact zero help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
    effects: { 'random-source': ['reads'] },
  },
  {
    name: 'touch',
    family: 'files',
    readOnly: false,
    shorts: 'acd:fhmr:t:',
    longs: words('time= no-create date= no-dereference reference= help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
    effects: { r: ['reads'], reference: ['reads'] },
  },
  {
    name: 'mkdir',
    family: 'files',
    readOnly: false,
    shorts: 'm:pvZ',
    longs: words('mode= parents verbose context=? help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
  },
  {
    name: 'truncate',
    family: 'files',
    readOnly: false,
    shorts: 'cor:s:',
    longs: words('no-create io-blocks reference= size= help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
    effects: { r: ['reads'], reference: ['reads'] },
  },
  {
    name: 'chmod',
    family: 'files',
    readOnly: false,
    shorts: 'cfvRHLP',
    longs: words(
      'changes quiet silent verbose dereference no-dereference no-preserve-root preserve-root reference= recursive help version',
    ),
    abbreviations: true,
    // The mode, then the files (with `--reference`, files only).
    operands: { positions: ['text'], rest: 'writes' },
    does: ['writes', 'system'],
    note: 'a mode that looks like an option (`-w`) is the mode, as chmod reads it',
  },
  ...(['chown', 'chgrp'] as const).map(
    (name): ProgramEntry => ({
      name,
      family: 'files',
      readOnly: false,
      shorts: 'cfvRhHLP',
      longs: words(
        'changes dereference no-dereference from= no-preserve-root preserve-root quiet silent reference= recursive verbose help version',
      ),
      abbreviations: true,
      operands: { positions: ['text'], rest: 'writes' },
      does: ['writes', 'system'],
    }),
  ),
  {
    name: 'cp',
    family: 'files',
    readOnly: false,
    shorts: 'abdfiHlLnPprRsS:t:TuvxZ',
    longs: words(
      'archive attributes-only backup=? copy-contents debug force interactive link dereference no-clobber no-dereference preserve=? no-preserve= parents recursive reflink=? remove-destination sparse= strip-trailing-slashes symbolic-link suffix= target-directory= no-target-directory update=? verbose keep-directory-symlink one-file-system context=? help version',
    ),
    abbreviations: true,
    // Sources are read; the last operand (or `-t DIR`) is written.
    operands: { rest: 'reads', last: { role: 'writes', unless: ['t', 'target-directory'] } },
    effects: { t: ['writes'], 'target-directory': ['writes'] },
  },
  {
    name: 'mv',
    family: 'files',
    readOnly: false,
    shorts: 'bfinS:t:TuvZ',
    longs: words(
      'backup=? exchange force interactive no-clobber no-copy strip-trailing-slashes suffix= target-directory= no-target-directory update=? verbose context debug help version',
    ),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
    effects: { t: ['writes'], 'target-directory': ['writes'] },
  },
  {
    name: 'ln',
    family: 'files',
    readOnly: false,
    shorts: 'bdfFinLPrsS:t:Tv',
    longs: words(
      'backup=? directory force interactive logical no-dereference physical relative symbolic suffix= target-directory= no-target-directory verbose help version',
    ),
    abbreviations: true,
    operands: { rest: 'reads', last: { role: 'writes', unless: ['t', 'target-directory'] } },
    effects: { t: ['writes'], 'target-directory': ['writes'] },
  },
  {
    name: 'install',
    family: 'files',
    readOnly: false,
    shorts: 'bcCdDg:m:o:psS:t:TvZ',
    longs: words(
      'backup=? compare debug directory group= mode= owner= preserve-timestamps strip strip-program= suffix= target-directory= no-target-directory verbose preserve-context context=? help version',
    ),
    abbreviations: true,
    operands: { rest: 'reads', last: { role: 'writes', unless: ['t', 'target-directory'] } },
    effects: {
      t: ['writes'],
      'target-directory': ['writes'],
      s: ['runs'],
      strip: ['runs'],
      'strip-program': ['runs'],
    },
  },
  {
    name: 'tee',
    family: 'files',
    readOnly: false,
    shorts: 'aip',
    longs: words('append ignore-interrupts output-error=? help version'),
    abbreviations: true,
    operands: { rest: 'writes' },
    does: ['writes'],
  },
];
