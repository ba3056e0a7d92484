// The real agent CLIs the peer suite (test/peers/) drives, at pinned versions, in a cache folder
// of their own: they are large (Claude Code's native binary alone is hundreds of MB) and only that
// suite needs them, so they stay out of node_modules and `npm test` never waits for them.
// A second run with the same versions installed is a no-op that takes milliseconds. The pins are
// exact (test/peers/versions.json, one row per CLI): hook contracts change between releases, and a
// test that passed must pass again on the same versions.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import peers from '../test/peers/versions.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '..');
const prefix = join(root, '.cache/peers');

/** The version of a package installed under the prefix, if any. */
function installed(name) {
  try {
    return JSON.parse(readFileSync(join(prefix, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * A pinned CLI counts as installed only if its package has the pinned version and its bin runs and
 * says so: Claude Code's bin is a placeholder until its postinstall copies the native binary over.
 */
function ready(peer) {
  if (installed(peer.package) !== peer.version || !existsSync(join(prefix, peer.bin))) return false;
  const run = spawnSync(join(prefix, peer.bin), ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return run.status === 0 && run.stdout.includes(peer.version);
}

const missing = peers.filter((peer) => !ready(peer));
if (missing.length === 0) {
  console.log(`peers: ${peers.map((peer) => `${peer.package}@${peer.version}`).join(', ')} in place`);
  process.exit(0);
}

// Every pinned CLI goes in one install: with --no-save, npm drops whatever the command line does
// not name, so installing one alone would remove the other.
const specs = peers.map((peer) => `${peer.package}@${peer.version}`);
console.log(`peers: installing ${specs.join(' ')} into ${prefix}`);
const started = Date.now();
// Under `npm run`, npm_execpath is the npm that runs us; use the same one.
const npm = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
const result = spawnSync(
  npm[0],
  [...npm.slice(1), 'install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', ...specs],
  { stdio: 'inherit', cwd: root },
);
if (result.status !== 0) {
  console.error(`peers: npm install failed (${result.error?.message ?? `exit ${result.status}`})`);
  process.exit(1);
}
const still = peers.filter((peer) => !ready(peer));
if (still.length > 0) {
  console.error(
    `peers: after the install, not runnable: ${still.map((peer) => `${peer.package} (${peer.bin})`).join(', ')}`,
  );
  process.exit(1);
}
console.log(`peers: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
