#!/usr/bin/env node
// `gatehouse` in the clone: the launcher stays plain JavaScript so an old Node fails with a
// message, not a syntax error; the CLI itself is TypeScript run by Node's type stripping (Node ≥
// 22.18). The packed CLI (client/package.json) is a plain-JavaScript bundle instead (bin.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const stripsTypes = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
if (!stripsTypes) {
  process.stderr.write(
    `gatehouse needs Node >= 22.18 (this is ${process.version}). From the clone, run it as ` +
      '`npm run gatehouse -- <command>`: npm install brings Node 24 into node_modules/.bin. ' +
      'Elsewhere, install the packed CLI (docs/agents.md), which runs on Node 20.\n',
  );
  process.exit(1);
}
const { start } = await import('./start.ts');
await start(process.argv.slice(2), () => ({
  version: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
  cliPath: fileURLToPath(import.meta.url),
}));
