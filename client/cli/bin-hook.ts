import { start } from './start.ts';

// The packed CLI's bin (client/cli-build.ts): one CommonJS file, so that `gatehouse hook`, which an
// agent runs on every tool call, starts without Node's ES module loader and reads no other file.
// Every other command, and any hook the fast entry does not take, imports the full CLI (cli.mjs,
// main.ts). esbuild writes the package's version in place of GATEHOUSE_VERSION.
declare const GATEHOUSE_VERSION: string;

void start(process.argv.slice(2), () => ({ version: GATEHOUSE_VERSION, cliPath: __filename }));
