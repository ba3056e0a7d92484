import type { ProgramEntry } from './types.ts';

/**
 * bash's directory stack builtins. `pushd DIR` moves like `cd DIR`; `pushd` alone, `pushd +N`
 * and `popd` move to a directory kept from before, which the words do not show.
 */
export const DIRECTORY_STACK_PROGRAMS: readonly ProgramEntry[] = [
  {
    name: 'pushd',
    family: 'shell',
    readOnly: false,
    shorts: 'n',
    longs: [],
    // `+N` and `-N` rotate the stack; `-N` is read as a count.
    counts: true,
    operands: { positions: ['reads'], max: 1 },
    note: 'moves the shell to another directory: what runs after it may be anywhere',
  },
  {
    name: 'popd',
    family: 'shell',
    readOnly: false,
    shorts: 'n',
    longs: [],
    counts: true,
    operands: { positions: ['text'], max: 1 },
    note: 'moves the shell to a directory kept from before',
  },
];
