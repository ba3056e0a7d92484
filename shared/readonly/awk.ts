import type { OperandRule } from './spec.ts';

export const awkProgram: OperandRule = {
  says: 'the program uses no system, getline, pipe, output redirection, ENVIRON, PROCINFO or @',
  check: () => 'awk programs are not vetted yet',
};
