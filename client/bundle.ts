import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// `npm pack` in client/ runs this first (prepack): the CLI as plain JavaScript for Node ≥ 20,
// no type stripping, no TypeScript at run time. Everything is bundled except the MCP SDK, which
// installs from the registry as the package's one dependency and is loaded only by
// `gatehouse mcp` (a chunk of its own, reached by a dynamic import).

const here = import.meta.dirname;
const { version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { version: string };
const outdir = join(here, 'dist');

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
  define: { GATEHOUSE_VERSION: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
