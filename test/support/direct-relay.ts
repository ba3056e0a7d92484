import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unstable_readConfig } from 'wrangler';
import { type LocalRelay, root } from './local-relay.ts';

// The relay bundled exactly as `wrangler deploy` bundles it, served by workerd through Miniflare
// with no dev proxy in front. `wrangler dev` (what `npm start` runs) puts a proxy worker before
// the relay so it can hot-reload; that proxy costs ≈ 2.5 ms a request here, which a deployed relay
// never pays. The benchmark measures both, so the relay's own latency is not hidden by the tool's.

const run = promisify(execFile);

export async function startDirectRelay(options: {
  adminToken: string;
  persist: string;
  vars?: Record<string, string>;
}): Promise<LocalRelay> {
  const outdir = await mkdtemp(join(root, 'test/.tmp/bundle-'));
  await run(join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: root,
    env: process.env,
  });
  const config = unstable_readConfig({ config: join(root, 'wrangler.toml') });
  // Miniflare is wrangler's own dependency (the same workerd); take the copy wrangler uses.
  const require = createRequire(import.meta.url);
  const miniflare = require.resolve('miniflare', { paths: [require.resolve('wrangler')] });
  const { Miniflare, convertV4MiniflareOptions } = (await import(miniflare)) as {
    Miniflare: new (options: unknown) => { ready: Promise<URL>; dispose(): Promise<void> };
    convertV4MiniflareOptions: (options: unknown) => unknown;
  };
  const durableObjects = Object.fromEntries(
    config.durable_objects.bindings.map((binding: { name: string; class_name: string }) => [
      binding.name,
      { className: binding.class_name, useSQLite: true },
    ]),
  );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      durableObjectsPersist: options.persist,
      modules: [{ type: 'ESModule', path: join(outdir, 'index.js') }],
      modulesRoot: outdir,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      durableObjects,
      bindings: { GATEHOUSE_ADMIN_TOKEN: options.adminToken, ...options.vars },
    }),
  );
  const url = await mf.ready;
  return {
    url,
    dispose: async () => {
      await mf.dispose();
      await rm(outdir, { recursive: true, force: true });
    },
  };
}
