/**
 * Reading a program's arguments the way getopt would, closely enough to rate them: options
 * start with `-`, `--` ends them, and some options take the next word as their value.
 */

/** True when `args` carries a short flag (alone or in a cluster like `-rf`) or a long one. */
export function hasFlag(args: readonly string[], short: string, long: readonly string[] = []): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (/^-[A-Za-z0-9]+$/.test(arg) && short !== '' && [...short].some((flag) => arg.slice(1).includes(flag)))
      return true;
    if (long.some((name) => arg === name || arg.startsWith(`${name}=`))) return true;
  }
  return false;
}

/**
 * The value of an option (`-o x`, `-ox`, `-fo x`, `-fox`, `--output x`, `--output=x`), every time
 * it appears. In a cluster of short options, as getopt reads it, the first letter that takes a
 * value takes the rest of the word, or the next word when it ends the cluster.
 */
export function optionValues(
  args: readonly string[],
  short: readonly string[],
  long: readonly string[],
): string[] {
  const values: string[] = [];
  const letters = short.filter((name) => name.length === 2).map((name) => name[1]!);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    const next = args[i + 1];
    if (long.includes(arg)) {
      if (next !== undefined) values.push(next);
      i++;
      continue;
    }
    const longMatch = long.find((name) => arg.startsWith(`${name}=`));
    if (longMatch) {
      values.push(arg.slice(longMatch.length + 1));
      continue;
    }
    if (!/^-[^-]/.test(arg)) continue;
    const at = [...arg.slice(1)].findIndex((letter) => letters.includes(letter));
    if (at < 0) continue;
    const rest = arg.slice(at + 2);
    if (rest !== '') values.push(rest);
    else {
      if (next !== undefined) values.push(next);
      i++;
    }
  }
  return values;
}

/**
 * The words that are not options. `valueOptions` lists the options that consume the next word,
 * so their values are not mistaken for operands.
 */
export function operands(args: readonly string[], valueOptions: readonly string[] = []): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      found.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('-') && arg !== '-') {
      if (valueOptions.includes(arg)) i++;
      continue;
    }
    found.push(arg);
  }
  return found;
}
