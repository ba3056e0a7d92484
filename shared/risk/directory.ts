import { resolvePath } from './paths.ts';

/** Whether the program `name` changes the shell's working directory (`cd`, `pushd`). */
function changesDirectory(name: string): boolean {
  return name === 'cd' || name === 'pushd';
}

/**
 * The working directory after `cd`/`pushd`, so that `cd / && rm -rf *` is rated as `rm -rf /*`.
 * A directory that cannot be known (`cd $DIR`, `cd -`) becomes a marker that no path resolves
 * against: everything relative is then outside the workspace (fail closed).
 */
export function directoryAfter(argv: readonly string[], cwd: string | undefined): string | undefined {
  const name = argv[0];
  if (name === undefined || !changesDirectory(name)) return cwd;
  const target = argv.slice(1).find((arg) => !arg.startsWith('-') || arg === '-');
  if (target === undefined || target === '~' || target.startsWith('~/')) return target ?? '~';
  if (target === '-' || /[$`]/.test(target)) return '$UNKNOWN_DIRECTORY';
  return resolvePath(target, cwd) ?? '$UNKNOWN_DIRECTORY';
}
