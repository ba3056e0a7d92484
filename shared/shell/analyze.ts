import { limits } from '../contract/limits.ts';
import { parseList } from './list.ts';
import { type Collector, newScan, ShellSyntaxError } from './scanner.ts';
import type { ShellAnalysis } from './types.ts';

/**
 * Splits a Bash command into its simple commands and reports the features a security gate must
 * see: redirections, substitutions, expansions and background jobs. Never throws. When the command
 * is not understood with confidence, `error` is set and what was parsed before it is kept, so deny
 * rules can still look at it.
 *
 * Work is linear in the input (nesting is capped at MAX_NESTING), and pure: no I/O, no platform APIs.
 */
export function analyzeShell(command: string): ShellAnalysis {
  const out: Collector = {
    segments: [],
    redirections: [],
    substitution: false,
    expansion: false,
    background: false,
  };
  let error: string | undefined;
  if (command.length > limits.inputChars) {
    error = `the command is longer than ${limits.inputChars} characters`;
  } else {
    try {
      parseList(newScan(command, out), 0, undefined);
    } catch (thrown) {
      // A RangeError (stack) or any other surprise is also "not understood": fail closed.
      error = thrown instanceof ShellSyntaxError ? thrown.message : 'the command could not be analyzed';
    }
  }
  return error === undefined ? { ...out } : { ...out, error };
}
