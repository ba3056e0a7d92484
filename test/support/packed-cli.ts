import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './local-relay.ts';

// The agent-side CLI as a user gets it: `npm pack` of client/ (its prepack bundles the CLI), then
// `npm install -g` of the tarball into a prefix of its own with the machine's own Node and npm —
// not the clone's Node 24 — so the bin proves it runs on Node 20, without type stripping.

const run = promisify(execFile);

/** The machine's Node and npm (Node 20 here), outside the clone's node_modules/.bin. */
export const systemNode = '/usr/bin/node';
export const systemNpm = '/usr/bin/npm';
/** A PATH without the clone's node_modules/.bin: `#!/usr/bin/env node` finds the system Node. */
export const systemPath = '/usr/bin:/bin';

export interface PackedCli {
  /** `npm install -g --prefix` target. */
  prefix: string;
  /** `<prefix>/bin/gatehouse`, the link npm made. */
  bin: string;
  /** The bundled script the bin runs (CommonJS: the hook starts without the ES module loader). */
  script: string;
  /** The installed package's folder. */
  packageDir: string;
  /** PATH for running the installed CLI: its bin folder, then the system's. */
  path: string;
  tarball: string;
  dispose(): Promise<void>;
}

/**
 * The caller's environment (CA bundles, proxies) with the system PATH, minus the npm_* variables
 * an `npm run` around the tests sets: they would point npm at the clone.
 */
const npmEnv = () => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: systemPath,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

export async function installPackedCli(): Promise<PackedCli> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const dir = await mkdtemp(join(root, 'test/.tmp/packed-cli-'));
  const clientDir = join(root, 'client');
  // prepack runs `node bundle.ts`; npm puts the clone's node_modules/.bin (Node 24, esbuild) first.
  const packed = await run(systemNpm, ['pack', '--json', '--pack-destination', dir], {
    cwd: clientDir,
    env: npmEnv(),
  });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  const tarball = join(dir, filename);
  const prefix = join(dir, 'prefix');
  await run(systemNpm, ['install', '--global', '--prefix', prefix, tarball], { cwd: dir, env: npmEnv() });
  const packageDir = join(prefix, 'lib/node_modules/gatehouse');
  return {
    prefix,
    bin: join(prefix, 'bin/gatehouse'),
    script: join(packageDir, 'dist/gatehouse.cjs'),
    packageDir,
    path: `${join(prefix, 'bin')}:${systemPath}`,
    tarball,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
