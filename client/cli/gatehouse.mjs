#!/usr/bin/env node
// `gatehouse`: the launcher stays plain JavaScript so an old Node fails with a message, not a
// syntax error; the CLI itself is TypeScript run by Node's type stripping (Node ≥ 22.18).
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const stripsTypes = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
if (!stripsTypes) {
  process.stderr.write(
    `gatehouse needs Node >= 22.18 (this is ${process.version}). From the clone, run it as ` +
      '`npm run gatehouse -- <command>`: npm install brings Node 24 into node_modules/.bin.\n',
  );
  process.exit(1);
}
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
