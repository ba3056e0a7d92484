import { fileURLToPath } from 'node:url';
import { start } from './start.ts';

// The packed CLI's entry (client/bundle.ts): esbuild bundles it into plain JavaScript for Node ≥ 20
// and writes the package's version in place of GATEHOUSE_VERSION.
declare const GATEHOUSE_VERSION: string;

await start(process.argv.slice(2), () => ({
  version: GATEHOUSE_VERSION,
  cliPath: fileURLToPath(import.meta.url),
}));
