import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { gatehouseCodexHooks, withGatehouseCodexHooks } from './hooks-file.ts';
import { codexHookHash, codexHookKey, withTrust } from './trust.ts';

export interface InitCodexOptions {
  user?: boolean | undefined;
  dir?: string | undefined;
  remove?: boolean | undefined;
  trust?: boolean | undefined;
  /** `none`: a relay out of reach is no decision (Codex's sandbox and policy); the default denies. */
  onError?: 'none' | undefined;
  /** This Node and this CLI by absolute path, plus ` hook` (init-claude.ts `hookCommand`). */
  command: string;
  codexHome: string;
  cwd: string;
}

interface InitIo {
  print(line: string): void;
  warn(line: string): void;
}

type Json = Record<string, unknown>;

async function readJson(path: string): Promise<{ value: Json; text: string } | undefined> {
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
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${path} is not a JSON object; left as it is`);
  return { value: parsed as Json, text };
}

/** Which hooks.json the flags name: `--user` (the default) `$CODEX_HOME/hooks.json`, `--dir D` D/.codex/hooks.json. */
export function codexHooksPath(
  options: Pick<InitCodexOptions, 'user' | 'dir' | 'codexHome' | 'cwd'>,
): string {
  if (options.user && options.dir !== undefined)
    throw new Error('--user and --dir name different hooks files; pick one');
  if (options.dir !== undefined) return join(resolve(options.cwd, options.dir), '.codex', 'hooks.json');
  return join(resolve(options.cwd, options.codexHome), 'hooks.json');
}

/**
 * `gatehouse init codex`: writes (or with --remove takes out) Gatehouse's hook entries, keeping
 * the rest of the file, and prints what it wrote. Codex skips hooks its user has not trusted, so
 * with --trust it records Codex's trust for exactly these entries in `$CODEX_HOME/config.toml`,
 * and without it says how to approve them in Codex.
 */
export async function runInitCodex(options: InitCodexOptions, io: InitIo): Promise<number> {
  const path = codexHooksPath(options);
  const configPath = join(resolve(options.cwd, options.codexHome), 'config.toml');
  const before = await readJson(path);
  if (!before && options.remove) {
    io.print(`No Gatehouse hooks in ${path}; nothing changed.`);
    return 0;
  }
  const oldHooks = before ? gatehouseCodexHooks(before.value) : [];
  const command = options.remove
    ? undefined
    : `${options.command} --agent codex${options.onError === 'none' ? ' --on-error none' : ''}`;
  const change = withGatehouseCodexHooks(before?.value ?? {}, command);
  const after = `${JSON.stringify(change.file, null, 2)}\n`;
  const changed = after !== before?.text;
  if (changed) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, after);
  }
  if (options.remove) {
    io.print(
      change.removed.length === 0
        ? `No Gatehouse hooks in ${path}; nothing changed.`
        : `Removed Gatehouse hooks (${change.removed.join(', ')}) from ${path}.`,
    );
  } else {
    io.print(`${changed ? 'Wrote' : 'Already in place, unchanged:'} Gatehouse hooks in ${path}:`);
    for (const { event, entry } of change.written)
      io.print(`  ${event}: runs ${String(entry.command)} (timeout ${String(entry.timeout)} s)`);
  }

  const placed = gatehouseCodexHooks(change.file);
  // The trust of entries no longer there (removed, or moved by this write) goes, when it was ours.
  const stale = oldHooks
    .filter((old) => !placed.some((now) => codexHookKey(path, now) === codexHookKey(path, old)))
    .map((old) => ({ key: codexHookKey(path, old), hash: undefined, only: codexHookHash(old) }));
  const wanted = options.trust
    ? placed.map((hook) => ({ key: codexHookKey(path, hook), hash: codexHookHash(hook) }))
    : [];
  if (stale.length > 0 || wanted.length > 0) {
    const config = existsSync(configPath) ? await readFile(configPath, 'utf8') : '';
    const edit = withTrust(config, [...stale, ...wanted]);
    if (edit.text !== config) {
      await mkdir(dirname(configPath), { recursive: true });
      await writeFile(configPath, edit.text);
    }
    for (const { key, hash } of wanted)
      if (edit.changed.includes(key)) io.print(`Trusted in ${configPath}: ${key} (${hash})`);
    for (const { key } of stale)
      if (edit.changed.includes(key)) io.print(`Took the trust of ${key} out of ${configPath}`);
    for (const { key, why } of edit.skipped) io.warn(`note: ${key} not changed in ${configPath}: ${why}`);
  }
  if (options.remove) return 0;
  if (!options.trust) {
    io.print(
      'Codex runs a hook only once you trust it: run `codex`, open /hooks and approve the Gatehouse entries ' +
        '(or run `gatehouse init codex --trust` to record that trust for exactly these entries in ' +
        `${configPath}). Until then \`codex exec\` skips them without a word.`,
    );
  }
  if (options.dir !== undefined)
    io.print(
      `Codex reads ${path} only in a project it trusts ([projects."${resolve(options.cwd, options.dir)}"] trust_level = "trusted" in ${configPath}).`,
    );
  io.print(
    'Start Codex with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) set: the hooks read them from its environment.',
  );
  return 0;
}
