import { directoryTarget, type Reading } from '../programs/index.ts';
import { resolvePath } from './paths.ts';

/**
 * The working directory after `cd`/`pushd`/`popd` (read with the catalog: shared/programs/directory.ts),
 * so that `cd / && rm -rf *` is rated as `rm -rf /*`. A directory that cannot be known (`cd $DIR`,
 * `cd -`, `popd`) becomes a marker that no path resolves against: everything relative is then
 * outside the workspace (fail closed). `reading` is the simple command's one parse, when known.
 */
export function directoryAfter(
  argv: readonly string[],
  cwd: string | undefined,
  reading?: Reading,
): string | undefined {
  const target = directoryTarget(argv, reading);
  if (target === undefined) return cwd;
  if (target === null || /[$`]/.test(target)) return '$UNKNOWN_DIRECTORY';
  if (target === '~' || target.startsWith('~/')) return target;
  return resolvePath(target, cwd) ?? '$UNKNOWN_DIRECTORY';
}
