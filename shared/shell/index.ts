export { analyzeShell } from './analyze.ts';
export { writesFile } from './redirection.ts';
export { MAX_NESTING } from './scanner.ts';
export type { ShellAnalysis, ShellRedirection, ShellSegment, ShellWord } from './types.ts';
