import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTree, type TreeCopy } from '../support/tree-copy.ts';

// Deploying from a fresh clone, both ways docs/deploy.md gives: `npx wrangler deploy` and `npm
// run deploy`. A dry run needs no Cloudflare account: wrangler runs wrangler.toml's [build]
// (which builds /app), bundles the Worker, reads the assets folder and stops before uploading.
// The upload must hold /app's pages, not only the assets folder's `.assetsignore`.

let tree: TreeCopy;
beforeAll(async () => {
  tree = await copyTree();
});
afterAll(() => tree?.remove());

function dryRun(command: string[], outdir: string) {
  const [program, ...args] = command as [string, ...string[]];
  const run = spawnSync(program, [...args, '--dry-run', '--outdir', outdir], {
    cwd: tree.dir,
    env: tree.env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** The number in wrangler's "Read N files from the assets directory". */
const assetsRead = (output: string) =>
  Number(/Read (\d+) files? from the assets directory/.exec(output)?.[1]);

describe('deploy from a fresh clone (dry run)', () => {
  it('the copy is as a clone has it: /app never built', () => {
    expect(readdirSync(join(tree.dir, 'worker/app/dist'))).toEqual(['.assetsignore']);
  });

  it.each([
    ['npx wrangler deploy', ['npx', 'wrangler', 'deploy']],
    ['npm run deploy', ['npm', 'run', 'deploy', '--']],
  ])('%s: builds /app and would upload its pages with the Worker', (_name, command) => {
    const outdir = join(tree.dir, `.out-${command[0]}`);
    // Each way builds /app itself: what an earlier run built is taken away first.
    rmSync(join(tree.dir, 'worker/app/dist/app'), { recursive: true, force: true });
    rmSync(join(tree.dir, 'worker/app/dist/_headers'), { force: true });
    const run = dryRun(command, outdir);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('--dry-run: exiting now.');
    // /app's page, service worker, manifest, icons, scripts and styles, and the _headers file.
    expect(existsSync(join(tree.dir, 'worker/app/dist/app/index.html'))).toBe(true);
    expect(existsSync(join(tree.dir, 'worker/app/dist/app/sw.js'))).toBe(true);
    expect(existsSync(join(tree.dir, 'worker/app/dist/_headers'))).toBe(true);
    expect(assetsRead(run.output)).toBeGreaterThanOrEqual(10);
    expect(readdirSync(outdir)).toContain('index.js');
  });
});
