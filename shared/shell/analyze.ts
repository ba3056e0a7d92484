import { limits } from '../contract/limits.ts';
import { parseList } from './list.ts';
import { analyzePlain } from './plain.ts';
import { isPlainlyWritten } from './plainly-written.ts';
import { type Collector, newScan, ShellSyntaxError } from './scanner.ts';
import type { ShellAnalysis } from './types.ts';

/**
 * How many recent commands keep their analysis. One tool call has its command analysed by the
 * rules, the read-only check, the shield and the risk rating, and deny rules re-analyse the
 * `bash -c` strings inside it: a few dozen entries hold all of that for one call and a few more.
 */
export const RECENT_ANALYSES = 32;
/** And at most this many characters of commands, so a few huge commands cannot pin much memory. */
const RECENT_CHARS = 1024 * 1024;
/**
 * The memo is a ring of the last commands and their analyses, searched newest first. A Map keyed
 * by the command, with one entry deleted and one added per new command, made the garbage
 * collector keep far more than the analyses (a miss cost twice an uncached analysis); a ring of
 * two fixed arrays changes two slots per new command.
 */
const recentCommands: (string | undefined)[] = new Array(RECENT_ANALYSES).fill(undefined);
const recentAnalyses: (ShellAnalysis | undefined)[] = new Array(RECENT_ANALYSES).fill(undefined);
/**
 * A few characters of each command and its length, compared before the command itself: commands
 * often share their length and start (`npm test -- …`), and telling two apart by comparing them
 * made every new command cost a scan of each one in the ring.
 */
const recentPrints = new Int32Array(RECENT_ANALYSES);
/** How many commands in the ring have each bucket of prints (the print's low bits). */
const PRINT_BUCKETS = 128;
const bucketCounts = new Uint8Array(PRINT_BUCKETS);
/** The slot of the oldest entry, and how many slots from there on are filled. */
let oldest = 0;
let count = 0;
let recentChars = 0;

/**
 * Splits a Bash command into its simple commands and reports the features a security gate must
 * see: redirections, substitutions, expansions and background jobs. Never throws. When the command
 * is not understood with confidence, `error` is set and what was parsed before it is kept, so deny
 * rules can still look at it.
 *
 * The result is shared and must not be changed (its types are read-only): the same command string
 * gets the same analysis object back while it is among the last RECENT_ANALYSES analysed, so the
 * modules that each look at a call's command parse it once between them, and data derived from an
 * analysis can be kept beside it (in a WeakMap keyed by the analysis).
 *
 * Work is linear in the input (nesting is capped at MAX_NESTING), and pure: no I/O, no platform APIs.
 */
export function analyzeShell(command: string): ShellAnalysis {
  const print = fingerprint(command);
  // The newest first (every module of a call asks for the call's command), then every slot in
  // place: a command is in the ring at most once, and an empty slot holds no command.
  const newest = (oldest + count - 1) % RECENT_ANALYSES;
  if (count > 0 && recentPrints[newest] === print && recentCommands[newest] === command)
    return recentAnalyses[newest]!;
  // Most commands asked about are new: when no command in the ring has the print's bucket,
  // the command is not there, and the slots need no scan.
  const bucket = print & (PRINT_BUCKETS - 1);
  if (bucketCounts[bucket] !== 0) {
    // The ring in locals: read for every slot, a module binding cost a load more each time.
    const prints = recentPrints;
    const commands = recentCommands;
    for (let slot = 0; slot < RECENT_ANALYSES; slot += 1) {
      if (prints[slot] === print && commands[slot] === command) return recentAnalyses[slot]!;
    }
  }
  const analysis = analyzeUncached(command);
  while (count > 0 && (count >= RECENT_ANALYSES || recentChars + command.length > RECENT_CHARS)) {
    recentChars -= recentCommands[oldest]!.length;
    bucketCounts[recentPrints[oldest]! & (PRINT_BUCKETS - 1)]! -= 1;
    recentCommands[oldest] = undefined;
    recentAnalyses[oldest] = undefined;
    oldest = (oldest + 1) % RECENT_ANALYSES;
    count -= 1;
  }
  const slot = (oldest + count) % RECENT_ANALYSES;
  recentCommands[slot] = command;
  recentAnalyses[slot] = analysis;
  recentPrints[slot] = print;
  bucketCounts[bucket]! += 1;
  recentChars += command.length;
  count += 1;
  return analysis;
}

/** The length and the last two and the middle character of a command, in 32 bits (0 when too short). */
function fingerprint(command: string): number {
  const length = command.length;
  const last = command.charCodeAt(length - 1);
  const beforeLast = command.charCodeAt(length - 2);
  const middle = command.charCodeAt(length >> 1);
  return (((length * 31 + last) * 31 + beforeLast) * 31 + middle) | 0;
}

/** `analyzeShell` without the memo: a fresh analysis every time (tests compare the two). */
export function analyzeUncached(command: string): ShellAnalysis {
  return (command.length <= limits.inputChars && analyzePlain(command)) || analyzeExhaustive(command);
}

/**
 * The general parser, for every command: what the plain-command fast path (plain.ts) must agree
 * with wherever it answers.
 */
export function analyzeExhaustive(command: string): ShellAnalysis {
  const out: Collector = {
    segments: [],
    redirections: [],
    substitution: false,
    expansion: false,
    background: false,
    plainlyWritten: false,
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
  out.plainlyWritten = isPlainlyWritten(out);
  return out;
}
