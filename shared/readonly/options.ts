/** A command's arguments split the way getopt would see them, without knowing which options take values. */
export interface ScannedArgs {
  /** Every letter of every short-option cluster: `-rn5` gives r, n, 5. Over-inclusive on purpose. */
  shorts: Set<string>;
  /** Long option names without `--` and without `=value`. */
  longs: string[];
  /** Everything else, plus everything after `--`. Option values land here too, so counts are upper bounds. */
  operands: string[];
}

export function scanArgs(args: readonly string[]): ScannedArgs {
  const scanned: ScannedArgs = { shorts: new Set(), longs: [], operands: [] };
  let optionsEnded = false;
  for (const arg of args) {
    if (optionsEnded || arg === '-' || !arg.startsWith('-')) scanned.operands.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (arg.startsWith('--')) scanned.longs.push(arg.slice(2).split('=')[0]!);
    else for (const letter of arg.slice(1)) scanned.shorts.add(letter);
  }
  return scanned;
}

/**
 * The first forbidden option present, as written for the reason text. Long options match GNU
 * abbreviations too: `--out=x` is `--output=x`.
 */
export function forbiddenOption(
  scanned: ScannedArgs,
  shorts: readonly string[],
  longs: readonly string[],
): string | undefined {
  const short = shorts.find((letter) => scanned.shorts.has(letter));
  if (short !== undefined) return `-${short}`;
  for (const written of scanned.longs) {
    const full = longs.find((name) => written.length > 0 && name.startsWith(written));
    if (full !== undefined) return `--${full}`;
  }
  return undefined;
}
