import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * One agent's configuration file, edited for `gatehouse init <agent>`: read (a JSON object, or
 * none), changed by a pure function that puts Gatehouse's entries in or takes them out and leaves
 * everything else as it is, written only when that changed it. A file that held nothing but
 * Gatehouse's entries is removed by `--remove`, so the user's folder is as it was.
 */
export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface FileEdit {
  path: string;
  /** The file without any Gatehouse entry (for --remove), or with exactly the wanted ones. */
  edit(file: Json): Json;
  /** Whether what is left after --remove is nothing of the user's (so the file goes). */
  empty(file: Json): boolean;
}

export interface FileEditResult {
  path: string;
  /** The file as written (or as found, unchanged); undefined when removed or absent. */
  file: Json | undefined;
  changed: boolean;
  removedFile: boolean;
}

export async function readJsonObject(path: string): Promise<{ value: Json; text: string } | undefined> {
  if (!existsSync(path)) return undefined;
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON (${error instanceof Error ? error.message : error}); left as it is`,
    );
  }
  if (!isObject(parsed)) throw new Error(`${path} is not a JSON object; left as it is`);
  return { value: parsed, text };
}

export async function applyFileEdit(change: FileEdit, remove: boolean): Promise<FileEditResult> {
  const before = await readJsonObject(change.path);
  if (!before && remove) return { path: change.path, file: undefined, changed: false, removedFile: false };
  const after = change.edit(before?.value ?? {});
  if (remove && change.empty(after)) {
    await rm(change.path, { force: true });
    return { path: change.path, file: undefined, changed: true, removedFile: true };
  }
  const text = `${JSON.stringify(after, null, 2)}\n`;
  const changed = text !== before?.text;
  if (changed) {
    await mkdir(dirname(change.path), { recursive: true });
    await writeFile(change.path, text);
  }
  return { path: change.path, file: after, changed, removedFile: false };
}

/** What init prints: the file's Gatehouse part, exactly as written. */
export function describeFileEdit(result: FileEditResult, remove: boolean, written: unknown): string[] {
  if (remove) {
    if (result.removedFile) return [`Removed ${result.path} (it held only Gatehouse's entries).`];
    return [
      result.changed
        ? `Removed Gatehouse's entries from ${result.path}.`
        : `No Gatehouse entries in ${result.path}; nothing changed.`,
    ];
  }
  return [
    `${result.changed ? 'Wrote' : 'Already in place, unchanged:'} ${result.path}:`,
    ...JSON.stringify(written, null, 2)
      .split('\n')
      .map((line) => `  ${line}`),
  ];
}
