import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { openCodePlugin, pluginMarker } from './plugin.ts';

export interface InitOpenCodeOptions {
  user?: boolean | undefined;
  dir?: string | undefined;
  remove?: boolean | undefined;
  /** The hook's argv: node, this gatehouse's script, `hook` (absolute paths). */
  argv: readonly string[];
  /** `--timeout`: the hook's own deadline, when not the default. */
  timeoutSeconds?: number | undefined;
  home: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** `.opencode/plugin/gatehouse.js` in the project (--dir D), or OpenCode's config folder (--user). */
export function openCodePluginPath(
  options: Pick<InitOpenCodeOptions, 'user' | 'dir' | 'home' | 'env' | 'cwd'>,
) {
  if (options.user && options.dir !== undefined)
    throw new Error('--user and --dir name different files; pick one');
  if (options.user)
    return join(
      options.env.XDG_CONFIG_HOME || join(options.home, '.config'),
      'opencode',
      'plugin',
      'gatehouse.js',
    );
  return join(resolve(options.cwd, options.dir ?? '.'), '.opencode', 'plugin', 'gatehouse.js');
}

/**
 * `gatehouse init opencode`: the plugin file is Gatehouse's alone; a file of that name that is not
 * ours is left as it is. Prints the file exactly as written.
 */
export async function runInitOpenCode(options: InitOpenCodeOptions, io: { print(line: string): void }) {
  const path = openCodePluginPath(options);
  const before = existsSync(path) ? await readFile(path, 'utf8') : undefined;
  if (before !== undefined && !before.startsWith(pluginMarker))
    throw new Error(`${path} is not Gatehouse's plugin; left as it is`);
  if (options.remove) {
    if (before === undefined) io.print(`No Gatehouse plugin at ${path}; nothing changed.`);
    else {
      await rm(path);
      io.print(`Removed ${path}.`);
    }
    return 0;
  }
  const text = openCodePlugin(
    options.timeoutSeconds === undefined
      ? options.argv
      : [...options.argv, '--timeout', String(options.timeoutSeconds)],
  );
  if (text !== before) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
  io.print(`${text === before ? 'Already in place, unchanged:' : 'Wrote'} ${path}:`);
  for (const line of text.replace(/\n$/, '').split('\n')) io.print(`  ${line}`);
  io.print(
    'Start OpenCode (opencode, opencode run, opencode serve) with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) set.',
  );
  return 0;
}
