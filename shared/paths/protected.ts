import { resolveCallPath } from './index.ts';
import { mayName, type PathParts, pathReadings } from './normalize.ts';
import { HOOK_FILE_WHY, type ProtectedRow, protectedRows } from './protected-list.ts';

/**
 * Files whose change runs code or changes what runs next, which an edit must never reach without a
 * human: `accept_edits`, allow rules, `tools: allow`, capability `allow` and the `allow` default
 * all ask for them instead (DESIGN §5). The list is data (protected-list.ts); paths are compared
 * through the one normaliser (normalize.ts): case, trailing dots and spaces, streams, 8.3 names,
 * `\`, `..`. Symbolic links are not followed (no file system here): a link inside the working
 * directory that points into `.git` is not seen.
 */

export interface ProtectedPath {
  /** The path as the call gave it. */
  path: string;
  /** Why an edit of it needs a human. */
  why: string;
}

/** Whether the names `parts[at…]` may be `names`, one by one. */
const namesAt = (parts: readonly string[], at: number, names: readonly string[]) =>
  names.every((name, i) => at + i < parts.length && mayName(parts[at + i]!, name));

function rowReaches(row: ProtectedRow, { anchor, parts }: PathParts): boolean {
  const last = parts.at(-1);
  switch (row.kind) {
    case 'folder':
      for (let at = 0; at < parts.length; at += 1) if (namesAt(parts, at, row.names)) return true;
      return false;
    case 'file':
      return last !== undefined && row.names.some((name) => mayName(last, name));
    case 'prefix':
      return (
        last !== undefined && row.names.some((prefix) => last.startsWith(prefix) || mayName(last, prefix))
      );
    case 'system':
      return anchor === 'root' && row.names.some((path) => namesAt(parts, 0, path.split('/')));
  }
}

/** Why the cleaned path is protected, if it is. */
export function whyProtected(parsed: PathParts): string | undefined {
  for (const row of protectedRows) if (rowReaches(row, parsed)) return row.why;
  const { parts } = parsed;
  const last = parts.at(-1);
  // git's hooks carry no extension: `hooks/pre-commit`, `hooks/post-checkout`.
  if (last !== undefined && parts.length >= 2 && mayName(parts.at(-2)!, 'hooks') && !last.includes('.'))
    return HOOK_FILE_WHY;
  return undefined;
}

/**
 * Whether an edit of `path` (a file tool's path, resolved against `cwd` and `home`) reaches a
 * protected file, and why. A relative path whose working directory is unknown and that climbs
 * (`../x`) may land anywhere, `.git/` included: it is protected (fail closed).
 */
export function protectedPath(
  path: string | undefined,
  cwd: string | undefined,
  home: string | undefined,
): ProtectedPath | undefined {
  if (path === undefined) return undefined;
  // Without the base it needs, the path is judged as written: `~` and `..` stay components. Read
  // as Windows and as POSIX systems read it: protected if either reaches a protected file.
  for (const parsed of pathReadings(resolveCallPath(path, cwd, home) ?? path)) {
    if (parsed.anchor === 'relative' && parsed.parts[0] === '..')
      return {
        path,
        why: 'it climbs out of a working directory that is not known, so it may reach any file',
      };
    const why = whyProtected(parsed);
    if (why !== undefined) return { path, why };
  }
  return undefined;
}
