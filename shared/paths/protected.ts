import { resolveCallPath } from './index.ts';

/**
 * Files whose change runs code or changes what runs next, which an edit must never reach without a
 * human: `accept_edits`, allow rules, `tools: allow`, capability `allow` and the `allow` default
 * all ask for them instead (DESIGN §5). Each entry is one kind of path and why it is protected.
 */

/** Directories protected wherever they sit in a path: anything at or under them. */
const PROTECTED_DIRECTORIES: Readonly<Record<string, string>> = {
  '.git': 'git runs programs named in its config and hooks',
  // The 8.3 short name Windows gives `.git` (git itself refuses it for the same reason).
  'git~1': 'git runs programs named in its config and hooks',
  '.claude': "Claude Code's settings and hooks decide what runs and what is allowed",
  '.codex': "Codex's configuration decides what runs and what is allowed",
  '.vscode': "the editor's tasks and settings name programs it runs",
  '.idea': "the IDE's run configurations and settings name programs it runs",
};

/** Shell start-up files, by name wherever they sit: the shell runs them at its next start. */
const STARTUP_FILES: readonly string[] = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.bash_aliases',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.zlogout',
  '.kshrc',
  '.cshrc',
  '.tcshrc',
  '.login',
  '.logout',
  '.inputrc',
];
const STARTUP_WHY = 'the shell runs its start-up files';
/** The system-wide ones, under `/etc`. */
const SYSTEM_STARTUP = new Set([
  'profile',
  'profile.d',
  'bash.bashrc',
  'bashrc',
  'zshrc',
  'zshenv',
  'zprofile',
  'zlogin',
  'zsh',
]);

export interface ProtectedPath {
  /** The path as the call gave it. */
  path: string;
  /** Why an edit of it needs a human. */
  why: string;
}

/**
 * Whether an edit of `path` (a file tool's path, resolved against `cwd` and `home`) reaches a
 * protected file, and why. Components are compared without case (macOS and Windows file systems
 * ignore it), with the characters those file systems drop (trailing dots and spaces, invisible
 * format characters, an NTFS stream suffix) removed; `.` and `..` are resolved first. Symbolic
 * links are not followed (no file system here): a link inside the working directory that points
 * into `.git` is not seen.
 */
export function protectedPath(
  path: string | undefined,
  cwd: string | undefined,
  home: string | undefined,
): ProtectedPath | undefined {
  if (path === undefined) return undefined;
  // Without the base it needs, the path is judged as written: `~` and `..` stay components.
  const why = whyProtected(resolveCallPath(path, cwd, home) ?? path);
  return why === undefined ? undefined : { path, why };
}

function whyProtected(path: string): string | undefined {
  const parts = components(path);
  for (const part of parts) {
    const why = PROTECTED_DIRECTORIES[part];
    if (why !== undefined && Object.hasOwn(PROTECTED_DIRECTORIES, part)) return why;
  }
  const name = parts.at(-1);
  if (name === undefined) return undefined;
  if (STARTUP_FILES.includes(name)) return STARTUP_WHY;
  // fish runs everything under its configuration directory (config.fish, conf.d/, functions/).
  const fish = parts.findIndex((part, index) => part === '.config' && parts[index + 1] === 'fish');
  if (fish !== -1 && parts.length > fish + 2) return 'fish runs the files of its configuration directory';
  // `.env`, `.env.local`, `.env.production` … hold secrets that programs load; direnv's `.envrc`
  // is run by the shell on entering the directory.
  if (name.startsWith('.env')) return 'programs load it as their environment (direnv runs .envrc)';
  if (path.startsWith('/') && parts[0] === 'etc' && parts.length >= 2 && SYSTEM_STARTUP.has(parts[1]!))
    return STARTUP_WHY;
  return undefined;
}

/** Invisible characters that macOS file names ignore (git's own list, CVE-2014-9390), and BOM. */
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u206a-\u206f\ufeff\u00ad]/g;

/** The path's components as file systems that ignore case and trailing dots compare them. */
function components(path: string): string[] {
  const parts: string[] = [];
  for (const written of path.split(/[/\\]/)) {
    const part = written
      .normalize('NFC')
      .replace(IGNORABLE, '')
      .replace(/:.*$/, '')
      .replace(/[. ]+$/, (tail) => (/^\.+$/.test(written) ? tail : ''))
      .toLowerCase();
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts.at(-1) !== '..') parts.pop();
      else parts.push('..');
    } else parts.push(part);
  }
  return parts;
}
