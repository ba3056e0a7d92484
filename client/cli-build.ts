import { join } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';

// The packed CLI as plain JavaScript for Node ≥ 20 (no type stripping, no TypeScript at run time),
// in two builds. The bin, dist/gatehouse.cjs, is the command hook's whole start-up: start.ts and
// hook-command.ts in one CommonJS file (docs/agents.md, "The command hook starts fast"). The rest
// is ES modules split into chunks: dist/cli.mjs (main.ts, which the bin imports for every other
// command) and dist/gatehouse.mjs, the bin of earlier versions, which settings written by their
// `init` still name. Everything is bundled except the MCP SDK, which installs from the registry
// as the package's one dependency and is loaded only by `gatehouse mcp` and `mcp-proxy`.

const here = import.meta.dirname;

/**
 * zod's namespace re-exports its messages in some 50 languages; the CLI prints only English ones
 * (`config(en())`, which zod imports from `locales/en.js` directly). Leaving the rest out takes
 * nearly half off the code Node parses when a command loads zod.
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

/** In the bin, start.ts's `import('./main.ts')` is the full CLI beside it, never bundled in. */
const fullCliBeside: Plugin = {
  name: 'full-cli-beside',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './cli.mjs', external: true }));
  },
};

const common = (version: string): BuildOptions => ({
  bundle: true,
  platform: 'node',
  target: 'node20',
  define: { GATEHOUSE_VERSION: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});

/** Both builds into `outdir`; `write: false` keeps them in memory (with their metafiles, for tests). */
export async function buildCli(options: { outdir: string; version: string; write?: boolean }) {
  const { outdir, version, write = true } = options;
  const [bin, rest] = await Promise.all([
    build({
      ...common(version),
      entryPoints: [join(here, 'cli/bin-hook.ts')],
      outfile: join(outdir, 'gatehouse.cjs'),
      format: 'cjs',
      plugins: [fullCliBeside],
      write,
      metafile: true,
    }),
    build({
      ...common(version),
      entryPoints: { gatehouse: join(here, 'cli/bin.ts'), cli: join(here, 'cli/main.ts') },
      outdir,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      format: 'esm',
      external: ['@modelcontextprotocol/sdk'],
      plugins: [zodEnglishOnly],
      write,
      metafile: true,
    }),
  ]);
  return { bin, rest };
}
