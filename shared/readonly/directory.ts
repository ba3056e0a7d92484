/**
 * Whether `cd ARGS` may take the shell out of `cwd`. Only a relative path without `..` (or an
 * absolute one under `cwd`) provably stays inside, as far as the words tell: `cd`, `cd ~`,
 * `cd -`, `cd ..`, `cd /tmp` may not. A symbolic link inside `cwd` is not seen here.
 */
export function leavesDirectory(args: readonly string[], cwd: string | undefined): boolean {
  const operands = args.filter((arg) => !/^-[LPe@]+$/.test(arg));
  const target = operands[0];
  if (operands.length !== 1 || target === undefined || target === '' || target === '-') return true;
  if (target.startsWith('~')) return true;
  if (target.split('/').includes('..')) return true;
  if (!target.startsWith('/')) return false;
  if (cwd === undefined || !cwd.startsWith('/')) return true;
  const base = cwd.replace(/\/+$/, '');
  const normal = target.replace(/\/+/g, '/').replace(/\/$/, '');
  return !(normal === base || normal.startsWith(`${base}/`));
}
