import { WRAPPER_PROGRAMS } from '../programs/wrappers.ts';

/**
 * Which programs run another command given in their arguments, by name only: what the approver
 * UI needs (a rule for such a program is as wide as what it may run) without the catalog's parser.
 * special.ts reads the commands of the SPECIAL_RUNNERS, the catalog's wrapper entries the rest.
 */

export const SHELLS = [
  'sh',
  'bash',
  'rbash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'lksh',
  'oksh',
  'pdksh',
  'ash',
  'yash',
  'posh',
  'fish',
  'tcsh',
  'csh',
] as const;

/** Programs whose command is found by a rule of their own (special.ts), not by a catalog entry. */
export const SPECIAL_RUNNERS = [...SHELLS, 'eval', 'source', '.', 'find', 'git'] as const;
export type SpecialRunnerName = (typeof SPECIAL_RUNNERS)[number];

const RUNNERS: ReadonlySet<string> = new Set<string>([
  ...SPECIAL_RUNNERS,
  ...WRAPPER_PROGRAMS.map((entry) => entry.name),
]);

/** A command's program name without its directory: `/usr/bin/sudo` is `sudo`. */
export function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** Whether `name` (a command's first word, a path or not) runs other commands given in its arguments. */
export function runsOtherCommands(name: string): boolean {
  return RUNNERS.has(programName(name));
}
