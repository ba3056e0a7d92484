/** POSIX path normalization for deciding whether a file lies inside the working directory. */
export function resolvePath(path: string, cwd: string | undefined): string | undefined {
  const absolute = path.startsWith('/') ? path : cwd?.startsWith('/') ? `${cwd}/${path}` : undefined;
  if (absolute === undefined) return undefined;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** True only when `path` certainly resolves inside `cwd`; unknown → false (fail closed). */
export function isInside(path: string | undefined, cwd: string | undefined): boolean {
  if (path === undefined || cwd === undefined) return false;
  const root = resolvePath(cwd, undefined);
  const target = resolvePath(path, root);
  if (root === undefined || target === undefined) return false;
  return root === '/' || target === root || target.startsWith(`${root}/`);
}
