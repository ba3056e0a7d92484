import { isInside, knownDirectory, normalizeAbsolute } from '../paths/index.ts';

/**
 * Where a path points, for rating writes and deletions. POSIX paths only; anything the rater
 * cannot resolve (a `$VAR`, `~user`, a relative path that climbs out with no cwd) is `unknown`,
 * which every caller treats like `outside` — fail closed.
 */
export type PathPlace = 'workspace' | 'outside' | 'unknown';

/** Directories whose loss ruins a machine: deleting one of these (or all of `/`) is critical. */
const systemDirs = new Set([
  '/',
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib32',
  '/lib64',
  '/opt',
  '/proc',
  '/root',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
  '/Applications',
  '/Library',
  '/System',
  '/Users',
  '/Volumes',
]);

/** `~`, `$HOME` and `${HOME}`, alone or followed by `/`: the user's home. */
const homePrefix = /^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/;

/** The absolute form of `path`, or undefined when it cannot be known without running a shell. */
export function resolvePath(path: string, cwd: string | undefined): string | undefined {
  if (path === '' || /[$`]/.test(path) || path.startsWith('~')) return undefined;
  if (path.startsWith('/')) return normalizeAbsolute(path);
  if (cwd === undefined || !cwd.startsWith('/') || /[$`]/.test(cwd)) return undefined;
  return normalizeAbsolute(`${cwd}/${path}`);
}

/**
 * Where a command stands: `cwd` is the directory paths resolve against (it moves with `cd`),
 * `workspace` the agent's working directory, the one place edits are expected.
 */
export interface Where {
  cwd: string | undefined;
  workspace: string | undefined;
}

/**
 * Whether a path lies in the workspace (the agent's working directory and below): resolved
 * against where the command stands, then asked of shared/paths' one `isInside`. A relative path
 * with no known cwd may be anywhere: `unknown`.
 */
export function placeOf(path: string, where: Where): PathPlace {
  if (homePrefix.test(path) || path.startsWith('~')) return 'outside';
  const absolute = resolvePath(path, where.cwd);
  if (absolute === undefined || knownDirectory(where.workspace) === undefined) return 'unknown';
  return isInside(absolute, where.workspace) ? 'workspace' : 'outside';
}

/**
 * True for the root, the home directory and top-level system directories, and for a glob of
 * everything directly in one of them (`/*`, `~/*`): the targets of machine-wrecking deletions.
 */
export function isRootish(path: string, cwd: string | undefined): boolean {
  let trimmed = path;
  for (let previous = ''; previous !== trimmed; ) {
    previous = trimmed;
    trimmed = trimmed.replace(/\/\*+$/, '').replace(/\/\.?$/, '');
  }
  if (trimmed === '' && path.startsWith('/')) trimmed = '/';
  // `rm -rf *` in the root directory is `rm -rf /*`; in the home directory, `rm -rf ~/*`.
  const candidate = trimmed === '*' || trimmed === '.' ? (cwd ?? '') : trimmed;
  if (homePrefix.test(candidate) && candidate.replace(homePrefix, '').replace(/^\/+/, '') === '') return true;
  const absolute = resolvePath(candidate, cwd);
  return absolute !== undefined && systemDirs.has(absolute);
}

/** Block devices: writing to one destroys a disk's contents. */
const diskDevice = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|dm-|loop|mapper\/|sr|nbd|mtd)/;
/** Pseudo-devices that are safe to write to. */
const harmlessDevice = /^\/dev\/(?:null|zero|full|stdout|stderr|stdin|tty|random|urandom|fd\/\d+)$/;

export type DeviceKind = 'disk' | 'harmless' | 'network' | 'other' | 'none';

/** What kind of device a path names, if it is under `/dev`. */
export function deviceKind(path: string): DeviceKind {
  const absolute = resolvePath(path, '/');
  if (absolute === undefined || !absolute.startsWith('/dev/')) return 'none';
  if (harmlessDevice.test(absolute)) return 'harmless';
  if (/^\/dev\/(?:tcp|udp)\//.test(absolute)) return 'network';
  if (diskDevice.test(absolute)) return 'disk';
  return 'other';
}
