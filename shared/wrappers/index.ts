export { gitCommands } from './git.ts';
export { programName, SHELLS, stdinPath } from './special.ts';
export { wrappers } from './table.ts';
export type { Wrapped, Wrapper } from './types.ts';
export { runsOtherCommands, wrappedCommands } from './wrapped.ts';
