export { type GitGlobals, gitCommands, gitGlobals } from './git.ts';
export { programName, SHELLS, stdinPath } from './special.ts';
export type { Wrapped } from './types.ts';
export { runsOtherCommands, wrappedCommands, wrappers } from './wrapped.ts';
