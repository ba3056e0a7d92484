import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Programs that read or print but are not on the read-only list (a pager runs commands, a
 * search walks, a process list shows other programs' arguments…), or that the oracle does not
 * run. The risk rater finds nothing in them; the read-only check refuses them (medium).
 */
const reader = (
  name: string,
  family: ProgramEntry['family'],
  shorts: string,
  longs = '',
  more: Partial<ProgramEntry> = {},
): ProgramEntry => ({
  name,
  family,
  readOnly: false,
  shorts,
  longs: longs === '' ? [] : words(longs),
  ...more,
});

/** Pagers run commands (`!cmd`, `v` opens an editor) and write files (`s FILE`) when asked. */
const PAGER = 'aBcCdeEfFgGiIJKLmMnNqQrRsSuUVwWXz:b:h:j:k:o:O:p:P:t:T:x:y:';

export const UNLISTED_READER_PROGRAMS: readonly ProgramEntry[] = [
  reader('less', 'text', PAGER, '', { does: ['runs'], effects: { o: ['writes'], O: ['writes'] } }),
  reader('more', 'text', 'dflcpsun:', '', { does: ['runs'] }),
  reader('ag', 'search', 'aAB:C:cDfgGhHilLmnoQrsStUuvVwz0', '', { does: ['walks'] }),
  reader('ack', 'search', 'iIwvcfgGhHlLnoQrRsSkx1A:B:C:m:', '', { does: ['walks'] }),
  reader('whereis', 'system-info', 'bmsuBMSfl'),
  reader('man', 'system-info', '', '', { freeform: true, does: ['runs'] }),
  reader('help', 'shell', 'dms'),
  reader('whatis', 'system-info', 'dvrwlC:L:m:M:s:'),
  reader('apropos', 'system-info', 'dvreawlC:L:m:M:s:'),
  reader('ps', 'system-info', '', '', {
    freeform: true,
    does: ['secrets'],
    note: "other programs' arguments may hold secrets",
  }),
  reader(
    'pgrep',
    'system-info',
    'adfilnvwxcg:G:P:s:t:u:U:F:',
    'delimiter= list-name list-full inverse lightweight count full pgroup= group= newest oldest parent= session= terminal= euid= uid= exact pidfile= logpidfile ns= nslist= help version',
  ),
  reader(
    'lsblk',
    'system-info',
    'abdDfimnprstzAJlOPSTIe:o:x:E:M:',
    'all bytes nodeps discard fs help inverse list json noheadings output= output-all pairs raw scsi perms tree version sort= exclude= include= width=',
  ),
  reader(
    'locale',
    'system-info',
    'acmkv',
    'all-locales charmaps category-name keyword-name verbose help version',
  ),
  reader('tput', 'system-info', 'SVxT:', '', { operands: { rest: 'text' } }),
  reader('clear', 'system-info', 'xVT:'),
  reader('yes', 'shell', '', '', { freeform: true, operands: { rest: 'text' } }),
  reader('[[', 'shell', '', '', { freeform: true, operands: { rest: 'text' } }),
  reader('md5', 'bytes', 'pqrtxs:'),
  reader(
    'shasum',
    'bytes',
    'bcptUv0a:',
    'algorithm= binary check text 01 tag zero status quiet warn strict help version',
  ),
  reader(
    'yq',
    'text',
    'iCMNPe0nrvVjo:p:I:s:',
    'inplace output-format= input-format= indent= colors no-colors no-colour no-doc prettyPrint exit-status nul-output null-input unwrapScalar=? split-exp= verbose version from-file= front-matter= header-preprocess=? expression= help tojson xml-attribute-prefix= xml-content-name= csv-separator= properties-separator=',
    {
      // The expression, then the files.
      operands: { positions: ['text'], rest: 'reads', positionsUnless: ['from-file'] },
      effects: { i: ['writes'], inplace: ['writes'] },
    },
  ),
];
