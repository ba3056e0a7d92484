import type { OperandRule } from './spec.ts';

export const sedScript: OperandRule = {
  says: 'the script is made only of the commands in docs/engine.md (no e, w, W, r, R, s///e, s///w)',
  check: () => 'sed scripts are not vetted yet',
};
