import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli } from './cli-build.ts';

// `npm pack` in client/ runs this first (prepack): the CLI bundled into dist/ (cli-build.ts says how).

const here = import.meta.dirname;
const { version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { version: string };
const outdir = join(here, 'dist');

rmSync(outdir, { recursive: true, force: true });
await buildCli({ outdir, version });
