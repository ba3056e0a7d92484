import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { EngineFigures } from './engine.ts';

/**
 * `benchEngine` on the engine as the Worker is deployed: bundled by esbuild into one module (what
 * wrangler does), then run by a fresh Node. The figures from source and from the bundle are
 * printed side by side, so a change that is slow only one way shows.
 */
export async function benchEngineBundled(): Promise<EngineFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
  try {
    const outfile = join(dir, 'engine-bench.mjs');
    await build({
      stdin: {
        contents: `import { benchEngine } from './test/bench/engine.ts';
console.log(JSON.stringify(await benchEngine()));`,
        resolveDir: resolve(import.meta.dirname, '../..'),
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      // engine.ts is not the entry here: its own headline run must not start.
      define: { 'import.meta.main': 'false' },
      logLevel: 'warning',
    });
    const { stdout } = await promisify(execFile)(process.execPath, [outfile]);
    const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as EngineFigures;
    if (typeof figures.decideP99Us !== 'number')
      throw new Error(`the bundled bench printed no figures: ${stdout}`);
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
