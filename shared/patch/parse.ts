/**
 * Codex CLI's `apply_patch` format, read for the files a patch touches (not to apply it):
 *
 * ```
 * *** Begin Patch
 * *** Add File: path        then lines "+text"
 * *** Delete File: path
 * *** Update File: path     then optionally "*** Move to: new-path", then hunks:
 * @@ [context]               lines " text", "-text", "+text" (an empty line is context),
 *                           optionally ending with "*** End of File"
 * *** End Patch
 * ```
 *
 * A gate must see every file the patch changes, so the reading is strict where Codex is lenient:
 * anything it is not sure of — a heredoc around the patch, a marker with leading spaces, a line
 * that looks like a file header where none may stand, an empty path, a hunk with no lines — makes
 * the whole patch unreadable, and the engine then treats its files as unknown (ask, never allow).
 */

export type PatchAction = 'add' | 'delete' | 'update';

export interface PatchFile {
  action: PatchAction;
  /** The path as the patch names it (relative to the call's cwd, or absolute). */
  path: string;
  /** `*** Move to:` of an update: the file's new path. */
  moveTo?: string;
}

export type PatchReading = { ok: true; files: PatchFile[] } | { ok: false; reason: string };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const END_OF_FILE = '*** End of File';
const HEADERS: ReadonlyArray<readonly [string, PatchAction]> = [
  ['*** Add File: ', 'add'],
  ['*** Delete File: ', 'delete'],
  ['*** Update File: ', 'update'],
];
const MOVE_TO = '*** Move to: ';

/** A line Codex could take for a marker (it trims before it compares): never mere content. */
const looksLikeMarker = (line: string) => line.trim().startsWith('***');

function header(line: string): { action: PatchAction; path: string } | undefined {
  for (const [prefix, action] of HEADERS) {
    if (line.startsWith(prefix)) return { action, path: line.slice(prefix.length) };
  }
  return undefined;
}

/** A path as Codex reads it (trimmed); one that trimming would change or leave empty is unsure. */
function cleanPath(path: string): string | undefined {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed !== path || /[\0\r\n]/.test(trimmed)) return undefined;
  return trimmed;
}

/** The files `text` touches, in order, or why it cannot be read for sure. */
export function parsePatch(text: string): PatchReading {
  const fail = (reason: string): PatchReading => ({ ok: false, reason });
  // PermissionRequest hands the patch over without its final newline; PreToolUse with it.
  const lines = text.replace(/\n$/, '').split('\n');
  if (lines[0] !== BEGIN) return fail(`the patch does not start with "${BEGIN}"`);
  if (lines.at(-1) !== END) return fail(`the patch does not end with "${END}"`);
  const body = lines.slice(1, -1);
  const files: PatchFile[] = [];
  let at = 0;
  while (at < body.length) {
    const line = body[at]!;
    const found = header(line);
    if (!found) return fail(`line ${at + 2} is not a file header: ${JSON.stringify(line.slice(0, 80))}`);
    const path = cleanPath(found.path);
    if (path === undefined) return fail(`line ${at + 2} names no clear path`);
    at += 1;
    if (found.action === 'delete') {
      files.push({ action: 'delete', path });
      continue;
    }
    if (found.action === 'add') {
      const start = at;
      while (at < body.length && body[at]!.startsWith('+')) at += 1;
      if (at === start && at < body.length && !header(body[at]!))
        return fail(`line ${at + 2} is neither content of the added file nor a file header`);
      files.push({ action: 'add', path });
      continue;
    }
    const file: PatchFile = { action: 'update', path };
    if (body[at]?.startsWith(MOVE_TO)) {
      const moveTo = cleanPath(body[at]!.slice(MOVE_TO.length));
      if (moveTo === undefined) return fail(`line ${at + 2} names no clear path to move to`);
      file.moveTo = moveTo;
      at += 1;
    }
    const hunkStart = at;
    let changes = 0;
    while (at < body.length && !header(body[at]!)) {
      const hunkLine = body[at]!;
      if (hunkLine.startsWith('@@')) {
        if (hunkLine !== '@@' && !hunkLine.startsWith('@@ ')) return fail(`line ${at + 2} is no hunk header`);
      } else if (hunkLine === END_OF_FILE) {
        // Ends a hunk; only a file header or another hunk may follow.
        if (at + 1 < body.length && !header(body[at + 1]!) && !body[at + 1]!.startsWith('@@'))
          return fail(`line ${at + 3} follows "${END_OF_FILE}"`);
      } else if (hunkLine === '' || hunkLine.startsWith(' ')) {
        if (looksLikeMarker(hunkLine)) return fail(`line ${at + 2} looks like a marker inside a hunk`);
      } else if (hunkLine.startsWith('+') || hunkLine.startsWith('-')) {
        changes += 1;
      } else {
        return fail(`line ${at + 2} is not a line of a hunk: ${JSON.stringify(hunkLine.slice(0, 80))}`);
      }
      at += 1;
    }
    if (at === hunkStart && file.moveTo === undefined) return fail(`the update of ${path} has no hunk`);
    if (changes === 0 && file.moveTo === undefined) return fail(`the update of ${path} changes no line`);
    files.push(file);
  }
  if (files.length === 0) return fail('the patch touches no file');
  return { ok: true, files };
}

/** Every path a reading touches: each file's path and, for a move, its new path. */
export function patchPaths(reading: PatchReading): string[] | undefined {
  if (!reading.ok) return undefined;
  return reading.files.flatMap((file) =>
    file.moveTo === undefined ? [file.path] : [file.path, file.moveTo],
  );
}
