import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { root } from './local-relay.ts';

/**
 * The repository as a fresh clone has it — the files git tracks, nothing built, no `.dev.vars`,
 * no `.wrangler` state — in a folder of its own under test/.tmp, with node_modules linked to this
 * one's (what `npm install` would put there). For tests of what a newcomer runs first: `npm
 * start`, `wrangler deploy --dry-run`.
 */
export interface TreeCopy {
  dir: string;
  /** Environment for commands run in it: its node_modules/.bin first, as `npm run` does. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function copyTree(): Promise<TreeCopy> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const dir = await mkdtemp(join(root, 'test/.tmp/tree-'));
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    // A tracked file deleted in the working tree is not part of the tree.
    await copyFile(join(root, file), join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const config = join(dir, '.config');
  return {
    dir,
    env: {
      PATH: `${join(dir, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? dir,
      XDG_CONFIG_HOME: config,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      NO_COLOR: '1',
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
