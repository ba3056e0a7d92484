/**
 * The one path normaliser (DESIGN §5 "Layering": one normaliser serves path rules, the secret
 * list and protected paths). A path is compared the way the file systems an agent may run on
 * compare it — Linux, macOS and Windows alike, since the relay never knows which:
 * - `/` and `\` both separate names; `//`, `/./` vanish; `..` goes up (above the start it stays
 *   as `..` in a relative path and is dropped at the root);
 * - a Windows drive (`C:`), a `\\?\` prefix and a UNC server are where the path starts;
 * - case is ignored (macOS and Windows ignore it);
 * - what Windows drops from a name is dropped: trailing dots and spaces (`secrets./k`,
 *   `secrets /k`), an NTFS stream (`.env::$DATA`, `.env:x`); invisible format characters macOS
 *   ignores (git's list, CVE-2014-9390) are dropped too;
 * - an 8.3 short name (`SECRE~1`, `GITCON~1`, `MCP~1.JSO`) may be any long name starting with
 *   its letters: `mayName` answers "possibly" for it (fail closed).
 */

/** Invisible characters that macOS file names ignore (git's own list, CVE-2014-9390), and BOM. */
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u206a-\u206f\ufeff\u00ad]/g;
/** A drive (`c:`), a DOS device prefix (`\\?\`, `\\.\`), or `/c:` as some shells write it. */
const DRIVE = /^(?:[\\/]{2}[?.][\\/])?(?:[\\/]?[a-z]:)(?=[\\/]|$)/i;
/** An 8.3 short name: up to six characters, `~`, a number, and up to three of extension. */
const SHORT_NAME = /^([^~.]{1,6})~[0-9]+(?:\.([^.]{0,3}))?$/;

export interface PathParts {
  /** Where the path starts: the root (a drive or UNC share counts), `~`, or unknown (relative). */
  anchor: 'root' | 'home' | 'relative';
  /** Its names, lowered and cleaned, `.` and `..` resolved (leading `..` kept when relative). */
  parts: string[];
}

/** `text` without the characters file names ignore (so a name is compared by what is left). */
export const dropIgnorable = (text: string): string => text.replace(IGNORABLE, '');

/** One name as the file systems compare it; `''` for one that vanishes (`.`, empty). */
export function cleanName(written: string): string {
  const name = dropIgnorable(written.normalize('NFC')).toLowerCase();
  if (/^\.+$/.test(name)) return name === '.' ? '' : name === '..' ? '..' : name;
  // `name:stream` and `name::$DATA` name the file `name`; then trailing dots and spaces go.
  return name.replace(/:.*$/, '').replace(/[. ]+$/, '');
}

/**
 * `path` split into cleaned names, with where it starts. `posix` reads it as Linux and macOS do:
 * only `/` separates and a drive means nothing (`a\..\b` is one name). A caller that must not be
 * fooled reads a path both ways (`pathReadings`).
 */
export function pathParts(path: string, posix = false): PathParts {
  let text = path;
  let anchor: PathParts['anchor'] = 'relative';
  const drive = posix ? null : DRIVE.exec(text);
  if (drive) {
    anchor = 'root';
    text = text.slice(drive[0].length);
  } else if (posix ? text.startsWith('/') : /^[\\/]/.test(text)) anchor = 'root';
  else if (text === '~' || (posix ? text.startsWith('~/') : /^~[\\/]/.test(text))) {
    anchor = 'home';
    text = text.slice(1);
  }
  const parts: string[] = [];
  for (const written of text.split(posix ? '/' : /[\\/]/)) {
    const name = cleanName(written);
    if (name === '') continue;
    if (name === '..') {
      if (parts.length > 0 && parts.at(-1) !== '..') parts.pop();
      else if (anchor === 'relative') parts.push('..');
    } else parts.push(name);
  }
  return { anchor, parts };
}

/** The path as Windows reads it and, when they differ (a `\\` in it), as Linux and macOS do. */
export function pathReadings(path: string): PathParts[] {
  const windows = pathParts(path);
  return path.includes('\\') || /^[a-z]:/i.test(path) ? [windows, pathParts(path, true)] : [windows];
}

/** The short-name prefix and extension of `name`, when it is an 8.3 short name. */
function shortName(name: string): { stem: string; ext: string | undefined } | undefined {
  const match = SHORT_NAME.exec(name);
  return match ? { stem: match[1]!, ext: match[2] } : undefined;
}

/**
 * Whether the cleaned name `name` may be the file `long` (lower case): the same name, or an 8.3
 * short name Windows may have made of it. Windows forms one from the long name without its
 * leading dots, spaces and inner dots, its first letters before the `~`; the extension (the
 * letters after the last dot) starts the same. Unsure is yes.
 */
export function mayName(name: string, long: string): boolean {
  if (name === long) return true;
  const short = shortName(name);
  if (short === undefined) return false;
  const bare = long.replace(/^\.+/, '');
  const dot = bare.lastIndexOf('.');
  const base = (dot > 0 ? bare.slice(0, dot) : bare).replace(/[. ]/g, '');
  if (!base.startsWith(short.stem)) return false;
  if (short.ext === undefined || short.ext === '') return true;
  return dot > 0 && bare.slice(dot + 1).startsWith(short.ext);
}

/** Whether `name` is an 8.3 short name (so it may be many long names). */
export const isShortName = (name: string): boolean => SHORT_NAME.test(name);

/** A name Windows (or macOS) would read as another: a `\`, a drive, a stream, a trailing dot or space, an invisible character, an 8.3 name. */
const OTHERWISE_READ =
  /\\|^[a-z]:|:|(?:^|\/)(?!\.{1,2}(?:\/|$))[^/]*[. ](?:\/|$)|[\u200b-\u200f\u202a-\u202e\u206a-\u206f\ufeff\u00ad]|~[0-9]/i;

/**
 * The path as Windows reads it (`/`-separated, cleaned, lower case; a drive as the root), when
 * that differs from how a POSIX system reads it as written; undefined when it reads the same.
 * Deny and ask rules match either reading; an allow rule matches neither (strict).
 */
export function otherReading(path: string): string | undefined {
  if (!OTHERWISE_READ.test(path)) return undefined;
  const { anchor, parts } = pathParts(path);
  const start = anchor === 'root' ? '/' : anchor === 'home' ? '~/' : '';
  return `${start}${parts.join('/')}`;
}

/** Whether some name in the path may be an 8.3 short name (so it may be any name). */
export const hasShortName = (path: string): boolean => pathParts(path).parts.some(isShortName);
