export { type GitGlobals, gitCommands, gitGlobals } from './git.ts';
export { programName, runsOtherCommands, SHELLS } from './runners.ts';
export { stdinPath } from './special.ts';
export type { Wrapped } from './types.ts';
export { wrappedCommands, wrappers } from './wrapped.ts';
