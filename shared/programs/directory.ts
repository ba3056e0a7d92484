import { parseWords, type Reading } from './reading.ts';

/**
 * Where a simple command moves the shell, read once with the catalog's `cd` and `pushd` entries
 * for every policy that follows the working directory (the risk rater, the shield's file
 * operands): `undefined` when `argv` does not move it, `~` for `cd` alone, the target word as
 * written (`$D` included: the caller decides what an expansion may be), or `null` when the
 * directory cannot be known from the words (`cd -`, `popd`, `pushd +1`, an option `cd` does not
 * take, two operands). `reading` is the simple command's one parse, when the caller has it.
 */
export function directoryTarget(argv: readonly string[], reading?: Reading): string | null | undefined {
  const name = argv[0];
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') return undefined;
  if (name === 'popd') return null;
  const parsed = parseWords(name, argv.slice(1), reading);
  if (parsed.kind === 'unsure' || parsed.options.some((option) => option.name === '#')) return null;
  const target = parsed.operands[0]?.text;
  if (target === undefined) return name === 'cd' ? '~' : null;
  if (target === '-' || (name === 'pushd' && /^\+\d+$/.test(target))) return null;
  return target;
}
