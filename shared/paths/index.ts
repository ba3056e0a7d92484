import { otherReading } from './normalize.ts';

/**
 * Path arithmetic for rules, the risk rating and the engine, POSIX only and without touching a file system: symbolic links are
 * not resolved (a rule about `src/**` cannot see that `src/link` points at `/etc`).
 */

/** Resolves `.` and `..` in an absolute path; `..` above the root stays at the root. */
export function normalizeAbsolute(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** An absolute, normalized directory, or undefined when unknown or not absolute. */
export function knownDirectory(directory: string | undefined): string | undefined {
  return directory?.startsWith('/') ? normalizeAbsolute(directory) : undefined;
}

/**
 * The absolute path a tool call refers to: absolute paths as they are, `~/…` against `home`,
 * anything else against `cwd`; undefined when the base it needs is unknown.
 */
export function resolveCallPath(
  path: string,
  cwd: string | undefined,
  home: string | undefined,
): string | undefined {
  if (path.startsWith('/')) return normalizeAbsolute(path);
  if (path === '~' || path.startsWith('~/')) {
    const base = knownDirectory(home);
    return base === undefined ? undefined : normalizeAbsolute(`${base}/${path.slice(1)}`);
  }
  const base = knownDirectory(cwd);
  return base === undefined ? undefined : normalizeAbsolute(`${base}/${path}`);
}

/** `path` relative to `root` ('' for the root itself), or undefined when it lies outside. */
export function relativeTo(root: string, path: string): string | undefined {
  if (path === root) return '';
  if (root === '/') return path.slice(1);
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
}

/**
 * True only when `path` certainly resolves inside `root`; an unknown base is never inside (fail
 * closed). A path Windows reads otherwise (`src\..\..\x`, shared/paths/normalize.ts) must be
 * inside read both ways.
 */
export function isInside(path: string | undefined, root: string | undefined): boolean {
  const base = knownDirectory(root);
  if (path === undefined || base === undefined) return false;
  const target = resolveCallPath(path, base, undefined);
  if (target === undefined || relativeTo(base, target) === undefined) return false;
  const other = otherReading(path);
  if (other === undefined) return true;
  const read = resolveCallPath(other, base.toLowerCase(), undefined);
  return read !== undefined && relativeTo(base.toLowerCase(), read) !== undefined;
}
