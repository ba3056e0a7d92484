import type { ProgramEntry } from './types.ts';

/**
 * Shell builtins that change the running shell (off the read-only list): their options from the
 * bash manual. The rater (shared/risk/programs/reads.ts) reads their operands: an alias, a trap,
 * a hashed path or a loader variable is code for later, not just shell state.
 */
const builtin = (name: string, shorts: string, more: Partial<ProgramEntry> = {}): ProgramEntry => ({
  name,
  family: 'shell',
  readOnly: false,
  shorts,
  longs: [],
  operands: { rest: 'text' },
  ...more,
});

/** Builtins whose words are not options (`set -o x`, `shift 2`, `ulimit -n 10`): read whole. */
const words = (name: string): ProgramEntry =>
  builtin(name, '', { freeform: true, note: 'its words are read by its rater, none as an option' });

export const BUILTIN_PROGRAMS: readonly ProgramEntry[] = [
  builtin('export', 'fnp'),
  builtin('declare', 'aAfFgiIlnrtuxp'),
  builtin('typeset', 'aAfFgiIlnrtuxp'),
  builtin('local', 'aAfFgiIlnrtuxp'),
  builtin('readonly', 'aAfp'),
  builtin('unset', 'fvn'),
  builtin('alias', 'p'),
  builtin('unalias', 'a'),
  // `trap [-lp] [[ACTION] SIGNAL…]`: ACTION is a command line run later.
  builtin('trap', 'lp', { permute: false }),
  builtin('hash', 'lrdtp:', { effects: { p: ['runs'] } }),
  builtin('read', 'ersa:d:i:n:N:p:t:u:'),
  builtin('shopt', 'psuqo'),
  builtin('umask', 'pS'),
  words('set'),
  words('shift'),
  words('ulimit'),
  // `history -w [FILE]`, `-a [FILE]` write the history file; `-c`, `-d N`, `-r`, `-n`, `-s` change the shell's.
  builtin('history', 'cd:anrwps', { operands: { rest: 'writes', max: 1 } }),
  words('exit'),
  words('wait'),
  builtin('jobs', 'lnprsx'),
];
