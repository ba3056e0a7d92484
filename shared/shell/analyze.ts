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
 * Each call parses afresh and keeps nothing: the engine analyses a call's command once and hands
 * the analysis to whoever needs it. Work is linear in the input (nesting is capped at
 * MAX_NESTING), and pure: no I/O, no platform APIs.
 */
export function analyzeShell(command: string): ShellAnalysis {
  const out: Collector = {
    segments: [],
    redirections: [],
    substitution: false,
    expansion: false,
    background: false,
  };
  if (command.length > limits.inputChars) {
    return { ...out, error: `the command is longer than ${limits.inputChars} characters` };
  }
  try {
    parseList(newScan(command, out), 0, undefined);
  } catch (thrown) {
    // A RangeError (stack) or any other surprise is also "not understood": fail closed.
    const error = thrown instanceof ShellSyntaxError ? thrown.message : 'the command could not be analyzed';
    return { ...out, error };
  }
  return out;
}
