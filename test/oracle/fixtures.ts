import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { secretPathTable } from '../../shared/shield/secret-paths.ts';

/**
 * The hostile world a traced command runs in, built once per test file under a temporary folder
 * and copied for every run (a run that writes cannot change the next one's world):
 *
 * - `home/`: a fake HOME with a canary at a path of every entry of the shield's secret list
 *   (`canaryPathFor`), and at credential files the list may not name yet (`EXTRA_SECRETS`).
 * - `work/`: the throwaway working directory, a git repository of its own (plain config), with
 *   files named like options, links into the fake HOME, a nested repository `sub/` and bare ones
 *   (`bare.git/`, `plain/`) whose configuration points every hook, pager, driver and helper git
 *   has at the marker program.
 * - `bin/marker`: the marker; any run of it shows in the trace as its `execve`.
 * - a TCP listener on 127.0.0.1: a run inside `unshare -rn` cannot reach it, and a connection it
 *   sees means the namespace leaked.
 */

/**
 * Credential files the oracle plants besides the shield's list: files that hold secrets by
 * convention (git credentials under XDG, the Kubernetes service-account token, wrangler's login,
 * cloud and registry CLIs, shell and database histories). A read of one by a command the engine
 * calls read-only, without the shield flagging it, is a finding like any other canary.
 */
export const EXTRA_SECRETS: readonly string[] = [
  '.config/git/credentials',
  'var/run/secrets/kubernetes.io/serviceaccount/token',
  '.config/.wrangler/config/default.toml',
  '.aws/credentials',
  '.aws/config',
  '.config/gcloud/application_default_credentials.json',
  '.config/gcloud/credentials.db',
  '.azure/accessTokens.json',
  '.config/doctl/config.yaml',
  '.oci/config',
  '.docker/config.json',
  '.kube/config',
  '.npmrc',
  '.pypirc',
  '.cargo/credentials.toml',
  '.gem/credentials',
  '.terraform.d/credentials.tfrc.json',
  '.config/gh/hosts.yml',
  '.netrc',
  '.git-credentials',
  '.ssh/id_ed25519',
  '.bash_history',
  '.zsh_history',
  '.psql_history',
  '.mysql_history',
  '.sqlite_history',
  '.python_history',
  '.node_repl_history',
  '.rediscli_history',
];

/**
 * A concrete file for a secret-list glob, under the fake HOME: `*` becomes `canary`, `**` a
 * folder and a file. A glob that is also a folder of another entry (`.ssh`) gets no file of its own.
 */
export function canaryPathFor(glob: string): string {
  return glob.replace(/\*\*/g, 'deep/canary').replace(/\*/g, 'canary');
}

export interface Fixture {
  /** The folder every run is copied from, and which holds the marker and the traces. */
  readonly root: string;
  readonly marker: string;
  /** Programs installed under another name (Debian's `fdfind` as `fd`). */
  readonly bin: string;
  readonly port: number;
  /** Connections the listener accepted: must stay 0. */
  readonly connections: () => number;
  /** Canary files, relative to HOME, with where each comes from. */
  readonly canaries: readonly { readonly path: string; readonly listed: boolean }[];
  /** Where a run's world is (nothing made yet): for asking the engine about its command first. */
  readonly world: (name: string) => RunWorld;
  /** A fresh copy of home/ and work/ for one run. */
  readonly copy: (name: string) => RunWorld;
  /** Removes a run's copy once judged. */
  readonly discard: (name: string) => void;
  readonly close: () => Promise<void>;
}

export interface RunWorld {
  readonly home: string;
  readonly work: string;
  /** Canary files of this copy, absolute (as the kernel resolves them), and whether the shield's list names each. */
  readonly canaries: ReadonlyMap<string, boolean>;
  readonly env: Readonly<Record<string, string>>;
}

/** The marker: exits at once, reading nothing (as a pager, a driver or a hook alike). */
const MARKER_SCRIPT = '#!/bin/sh\nexit 0\n';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Fixture',
      GIT_AUTHOR_EMAIL: 'fixture@example.test',
      GIT_COMMITTER_NAME: 'Fixture',
      GIT_COMMITTER_EMAIL: 'fixture@example.test',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
  });
}

function write(path: string, text: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Configuration that makes git run the marker wherever it can run anything. */
function hostileConfig(marker: string, port: number): string {
  return [
    '[core]',
    `\tfsmonitor = ${marker}`,
    `\tpager = ${marker}`,
    `\tsshCommand = ${marker}`,
    `\teditor = ${marker}`,
    `\taskPass = ${marker}`,
    '[diff]',
    `\texternal = ${marker}`,
    '[diff "evil"]',
    `\ttextconv = ${marker}`,
    `\tcommand = ${marker}`,
    '[filter "evil"]',
    `\tclean = ${marker}`,
    `\tsmudge = ${marker}`,
    '[alias]',
    `\tst = !${marker}`,
    `\tlg = !${marker}`,
    '[pager]',
    `\tlog = ${marker}`,
    `\tdiff = ${marker}`,
    `\tstatus = ${marker}`,
    `\tshow = ${marker}`,
    `\tbranch = ${marker}`,
    '[gpg]',
    `\tprogram = ${marker}`,
    '[log]',
    '\tshowSignature = true',
    '[credential]',
    `\thelper = !${marker}`,
    '[remote "origin"]',
    `\turl = http://127.0.0.1:${port}/repo.git`,
    '\tfetch = +refs/heads/*:refs/remotes/origin/*',
    '[uploadpack]',
    `\tpackObjectsHook = ${marker}`,
    '[interactive]',
    `\tdiffFilter = ${marker}`,
    '[sequence]',
    `\teditor = ${marker}`,
    '',
  ].join('\n');
}

const HOOKS = [
  'post-index-change',
  'reference-transaction',
  'post-checkout',
  'pre-commit',
  'fsmonitor-watchman',
  'pre-auto-gc',
  'post-rewrite',
];

function plantHooks(gitDir: string, marker: string): void {
  for (const hook of HOOKS) {
    write(join(gitDir, 'hooks', hook), `#!/bin/sh\nexec ${marker} "$@"\n`);
    chmodSync(join(gitDir, 'hooks', hook), 0o755);
  }
}

/** A commit signed in form only (a `gpgsig` header), so that `log.showSignature` runs gpg.program. */
function signedCommit(repo: string): void {
  const tree = execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: repo }).toString().trim();
  const parent = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo }).toString().trim();
  const body = [
    `tree ${tree}`,
    `parent ${parent}`,
    'author Fixture <fixture@example.test> 1767225600 +0000',
    'committer Fixture <fixture@example.test> 1767225600 +0000',
    'gpgsig -----BEGIN PGP SIGNATURE-----',
    ' ',
    ' iQEzBAABCAAdFiEE',
    ' -----END PGP SIGNATURE-----',
    '',
    'signed',
    '',
  ].join('\n');
  const commit = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
    cwd: repo,
    input: body,
  })
    .toString()
    .trim();
  git(repo, 'update-ref', 'HEAD', commit);
}

function buildHome(home: string): { path: string; listed: boolean }[] {
  const listedGlobs = secretPathTable.map((entry) => entry.glob);
  const canaries = new Map<string, boolean>();
  for (const glob of listedGlobs) {
    // A glob that names another entry's folder (`.ssh` for `.ssh/*`) stays a folder.
    if (listedGlobs.some((other) => other.startsWith(`${glob}/`))) continue;
    canaries.set(canaryPathFor(glob), true);
  }
  for (const path of EXTRA_SECRETS) if (!canaries.has(path)) canaries.set(path, false);
  for (const path of canaries.keys()) write(join(home, path), `CANARY ${path}\n`);
  write(join(home, '.gitconfig'), '[user]\n\tname = Fixture\n\temail = fixture@example.test\n');
  write(join(home, '.bashrc'), 'echo bashrc-was-read\n');
  write(join(home, 'notes.txt'), 'not a secret\n');
  return [...canaries].map(([path, listed]) => ({ path, listed }));
}

function buildWork(work: string, marker: string, port: number): void {
  mkdirSync(work, { recursive: true });
  write(join(work, 'a.txt'), 'alpha\nbeta\na b c\n');
  write(join(work, 'b.txt'), 'beta\ngamma\n');
  write(join(work, 'dir', 'c.txt'), 'gamma\n');
  write(join(work, 'data.json'), '{"a":1,"b":[1,2]}\n');
  write(join(work, 'x.hex'), '68690a\n');
  write(join(work, 'x.b64'), 'aGkK\n');
  write(join(work, 'f.gz'), gzipSync('zipped\n'));
  write(join(work, '.gitattributes'), '*.txt diff=evil\n');
  git(work, 'init', '-q', '--template=', '-b', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'first');
  write(join(work, 'a.txt'), 'alpha\nbeta changed\na b c\n');
  git(work, 'commit', '-q', '-am', 'second');
  write(join(work, 'b.txt'), 'beta\ngamma\ndelta\n');
  // Files named like options, and an odd name, left untracked.
  for (const name of ['-a', '-o', '-n', '--output=x', 'sp ace', '-rf']) write(join(work, name), `${name}\n`);
  symlinkSync('../home', join(work, 'homelink'));
  symlinkSync('../home/.aws', join(work, 'awslink'));

  // A nested repository whose configuration runs the marker everywhere it can.
  const sub = join(work, 'sub');
  mkdirSync(sub);
  write(join(sub, 'a.txt'), 'sub alpha\n');
  write(join(sub, '.gitattributes'), '* diff=evil filter=evil\n');
  git(sub, 'init', '-q', '--template=', '-b', 'main');
  git(sub, 'add', '.');
  git(sub, 'commit', '-q', '-m', 'first');
  signedCommit(sub);
  write(join(sub, 'a.txt'), 'sub alpha changed\n');
  write(join(sub, '.git', 'config'), `${readConfig(sub)}${hostileConfig(marker, port)}`);
  plantHooks(join(sub, '.git'), marker);

  // Bare repositories: one named as such, one a plain folder git discovers as a repository.
  for (const bare of ['bare.git', 'plain']) {
    git(work, 'clone', '-q', '--template=', '--bare', 'sub', bare);
    const config = join(work, bare, 'config');
    write(config, `${readConfig(join(work, bare), true)}${hostileConfig(marker, port)}`);
    plantHooks(join(work, bare), marker);
  }
}

function readConfig(repo: string, bare = false): string {
  return execFileSync('git', ['config', '--file', join(repo, bare ? '' : '.git', 'config'), '--list'])
    .toString()
    .split('\n')
    .filter((line) => line.startsWith('core.'))
    .reduce((text, line) => {
      const [key, value] = line.split('=');
      return `${text}\t${key!.slice(5)} = ${value}\n`;
    }, '[core]\n');
}

/** Builds the world once; `copy` gives each run its own. */
export async function buildFixture(): Promise<Fixture> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-oracle-')));
  const bin = join(root, 'bin');
  const marker = join(bin, 'marker');
  write(marker, MARKER_SCRIPT);
  chmodSync(marker, 0o755);
  // Debian installs fd as fdfind; the catalog lists it as fd, the name it has elsewhere.
  const fdfind = ['/usr/bin/fdfind', '/usr/bin/fd'].find((path) => exists(path));
  if (fdfind !== undefined) symlinkSync(fdfind, join(bin, 'fd'));

  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const template = join(root, 'template');
  const canaries = buildHome(join(template, 'home'));
  buildWork(join(template, 'work'), marker, port);
  mkdirSync(join(root, 'runs'));

  const world = (name: string): RunWorld => {
    const base = join(root, 'runs', name);
    const home = join(base, 'home');
    return {
      home,
      work: join(base, 'work'),
      canaries: new Map(canaries.map((canary) => [join(home, canary.path), canary.listed])),
      env: {
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_CACHE_HOME: join(home, '.cache'),
        XDG_DATA_HOME: join(home, '.local', 'share'),
        XDG_STATE_HOME: join(home, '.local', 'state'),
        PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`,
        LANG: 'C.UTF-8',
        TERM: 'dumb',
        USER: userInfo().username,
        LOGNAME: userInfo().username,
        TMPDIR: join(base, 'tmp'),
      },
    };
  };
  return {
    root,
    marker,
    bin,
    port,
    connections: () => connections,
    canaries,
    world,
    copy(name) {
      const base = join(root, 'runs', name);
      cpSync(template, base, { recursive: true, verbatimSymlinks: true });
      mkdirSync(join(base, 'tmp'));
      return world(name);
    },
    discard(name) {
      rmSync(join(root, 'runs', name), { recursive: true, force: true });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function exists(path: string): boolean {
  try {
    realpathSync(path);
    return true;
  } catch {
    return false;
  }
}
