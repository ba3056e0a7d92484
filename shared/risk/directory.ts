import { directoryTarget } from '../programs/index.ts';
import { resolvePath } from './paths.ts';

/**
 * The working directory after `cd`/`pushd`/`popd` (read with the catalog: shared/programs/directory.ts),
 * so that `cd / && rm -rf *` is rated as `rm -rf /*`. A directory that cannot be known (`cd $DIR`,
 * `cd -`, `popd`) becomes a marker that no path resolves against: everything relative is then
 * outside the workspace (fail closed).
 */
export function directoryAfter(argv: readonly string[], cwd: string | undefined): string | undefined {
  const target = directoryTarget(argv);
  if (target === undefined) return cwd;
  if (target === null || /[$`]/.test(target)) return '$UNKNOWN_DIRECTORY';
  if (target === '~' || target.startsWith('~/')) return target;
  return resolvePath(target, cwd) ?? '$UNKNOWN_DIRECTORY';
}
