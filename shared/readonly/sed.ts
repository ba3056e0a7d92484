import { forbiddenOption, scanArgs } from './options.ts';

/** `Np`, `N,Mp`, `$p`, `/re/p`, `N,/re/p`: printing only. A regex may not contain `/` or a newline. */
const ADDRESS = String.raw`(?:\d+|\$|/[^/\n\\]*/)`;
const PRINT_ONLY = new RegExp(`^\\s*${ADDRESS}(?:\\s*,\\s*${ADDRESS})?\\s*p\\s*$`);
const FLAGS_WITHOUT_VALUE = new Set([
  '-n',
  '--quiet',
  '--silent',
  '-E',
  '-r',
  '--regexp-extended',
  '-s',
  '--separate',
  '-u',
  '--unbuffered',
  '-z',
  '--null-data',
]);

/**
 * `sed` is read-only only as a printer: `-n` and scripts made of print commands. Anything else may
 * be `w file`, `e command`, `s///e` or `-i` in disguise, and sed scripts are too rich to vet.
 */
export function sedReason(args: readonly string[]): string | undefined {
  const scanned = scanArgs(args);
  const inPlace = forbiddenOption(scanned, ['i', 'f'], ['in-place', 'file']);
  if (inPlace !== undefined) return `sed ${inPlace} edits files or runs a script file`;
  if (!args.includes('-n') && !args.includes('--quiet') && !args.includes('--silent')) {
    return 'sed is only read-only with -n and print commands';
  }
  const scripts: string[] = [];
  let files = 0;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '-e' || arg === '--expression') {
      const script = args[index + 1];
      if (script === undefined) return 'sed -e has no script';
      scripts.push(script);
      index += 1;
    } else if (arg.startsWith('--expression=')) scripts.push(arg.slice('--expression='.length));
    else if (FLAGS_WITHOUT_VALUE.has(arg)) continue;
    else if (arg.startsWith('-') && arg !== '-') return `sed option ${arg} is not known to be read-only`;
    else if (
      scripts.length === 0 &&
      files === 0 &&
      !args.some((other) => other === '-e' || other.startsWith('--expression'))
    )
      scripts.push(arg);
    else files += 1;
  }
  if (scripts.length === 0) return 'sed has no script';
  const unsafe = scripts.flatMap((script) => script.split(';')).find((command) => !PRINT_ONLY.test(command));
  return unsafe === undefined
    ? undefined
    : `sed command ${JSON.stringify(unsafe.trim())} is not a plain print`;
}
