import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

// `npm pack` in client/ runs this first (prepack): the CLI as plain JavaScript for Node ≥ 20,
// no type stripping, no TypeScript at run time. Everything is bundled except the MCP SDK, which
// installs from the registry as the package's one dependency and is loaded only by
// `gatehouse mcp` (a chunk of its own, reached by a dynamic import).

const here = import.meta.dirname;
const { version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { version: string };
const outdir = join(here, 'dist');

/**
 * zod's namespace re-exports its messages in some 50 languages; the CLI prints only English ones
 * (`config(en())`, which zod imports from `locales/en.js` directly). Leaving the rest out takes
 * nearly half off the code Node parses at every start of `gatehouse hook` (≈ 10 ms here).
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: here,
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { gatehouse: join(here, 'cli/bin.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@modelcontextprotocol/sdk'],
  plugins: [zodEnglishOnly],
  define: { GATEHOUSE_VERSION: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
