import { fileURLToPath } from 'node:url';
import { start } from './start.ts';

// dist/gatehouse.mjs in the packed CLI (client/cli-build.ts): the bin of earlier versions, kept
// because the hook commands their `init` wrote name it. Today's bin is bin-hook.ts. esbuild
// bundles it into plain JavaScript for Node ≥ 20 and writes the version in place of GATEHOUSE_VERSION.
declare const GATEHOUSE_VERSION: string;

await start(process.argv.slice(2), () => ({
  version: GATEHOUSE_VERSION,
  cliPath: fileURLToPath(import.meta.url),
}));
