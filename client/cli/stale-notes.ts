import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the notes (files named by a SHA-1 hex digest) last written before `before`: the pointer
 * notes a hook leaves for its agent's second ask about one call (Codex's edited approvals,
 * Copilot's double ask on a write). A note another hook removes meanwhile is no error.
 */
export async function removeStaleNotes(dir: string, before: number): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^[0-9a-f]{40}$/.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const written = await stat(path).then(
          (info) => info.mtimeMs,
          () => undefined,
        );
        if (written !== undefined && written < before) await rm(path, { force: true });
      }),
  );
}
