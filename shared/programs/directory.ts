import { catalogEntry } from './catalog.ts';
import { parseArguments } from './parse.ts';

/**
 * Where a simple command moves the shell, read once with the catalog's `cd` and `pushd` entries
 * for every policy that follows the working directory (the risk rater, the shield's file
 * operands): `undefined` when `argv` does not move it, `~` for `cd` alone, the target word as
 * written (`$D` included: the caller decides what an expansion may be), or `null` when the
 * directory cannot be known from the words (`cd -`, `popd`, `pushd +1`, an option `cd` does not
 * take, two operands).
 */
export function directoryTarget(argv: readonly string[]): string | null | undefined {
  const name = argv[0];
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') return undefined;
  if (name === 'popd') return null;
  const entry = catalogEntry(name);
  if (entry === undefined) return null;
  const args = argv.slice(1).map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 }));
  const parsed = parseArguments(entry, name, args);
  if (parsed.kind === 'unsure' || parsed.options.some((option) => option.name === '#')) return null;
  const target = parsed.operands[0]?.text;
  if (target === undefined) return name === 'cd' ? '~' : null;
  if (target === '-' || (name === 'pushd' && /^\+\d+$/.test(target))) return null;
  return target;
}
