import { dropIgnorable, isShortName } from '../paths/normalize.ts';
import { escapeRegExp } from './escape-regexp.ts';
import {
  contains,
  endsWith,
  endsWithLiteral,
  expandBraces,
  isLiteral,
  literalPathText,
  literalSegmentMatcher,
  literalTailMatcher,
  normalizePath,
  type PathPattern,
  pathPattern,
  type Segment,
  segmentsMeet,
  startsWith,
  type Token,
} from './path-glob.ts';

/**
 * Files that hold credentials by convention. Reading one exposes its secrets to the agent (and
 * to whatever it sends them to), so the shield treats naming one like carrying a secret.
 *
 * One entry per kind of file: `glob` is matched against the END of a path (`.aws/credentials`
 * is secret under any home, `/root`, or a backup folder), in lower case; `unless` lists names
 * of the last segment that are not secret after all. A shell glob in a command is compared
 * with each entry as a pattern: `cat ~/.aws/*` could name `~/.aws/credentials`, so it counts.
 *
 * Decided here: `.env.example`, `.env.sample`, `.env.template` and `.env.dist` are committed
 * templates that hold no real values. Public keys (`*.pub`), `known_hosts`, `authorized_keys`
 * and `~/.ssh/config` are not secret; every other file under `~/.ssh/` is taken for a private
 * key, whatever its name. Certificates share `.pem` with private keys and are flagged all the
 * same: the name cannot tell them apart, so it fails closed. `~/.aws/config` is secret too:
 * AWS lets it hold the same keys as `credentials`.
 */
export interface SecretPathEntry {
  glob: string;
  why: string;
  unless?: readonly string[];
}

const templates = ['example', 'sample', 'template', 'dist'];
const templateNames = (stem: string) =>
  templates.flatMap((word) => [`${stem}*.${word}`, `${stem}.${word}.*`]);

export const secretPathTable: readonly SecretPathEntry[] = [
  { glob: '.env', why: 'dotenv: an app’s secrets as variables' },
  { glob: '*.env', why: 'dotenv files named for a stage (prod.env)' },
  { glob: '.env.*', why: 'dotenv files per stage (.env.local)', unless: templateNames('.env') },
  { glob: '.envrc', why: 'direnv exports secrets into the shell' },
  { glob: '.dev.vars', why: 'wrangler’s local Worker secrets' },
  {
    glob: '.dev.vars.*',
    why: 'wrangler’s local secrets per environment',
    unless: templateNames('.dev.vars'),
  },
  { glob: '.npmrc', why: 'npm registry tokens' },
  { glob: '.yarnrc.yml', why: 'yarn registry tokens' },
  { glob: '.pypirc', why: 'PyPI upload passwords and tokens' },
  { glob: '.netrc', why: 'logins for curl, git and ftp' },
  { glob: '_netrc', why: 'logins for curl, git and ftp (Windows)' },
  { glob: '.git-credentials', why: 'git’s stored passwords and tokens' },
  { glob: '.config/git/credentials', why: 'git’s stored passwords and tokens (XDG)' },
  { glob: 'git/credentials', why: 'git’s stored passwords and tokens (XDG_CONFIG_HOME elsewhere)' },
  { glob: '.pgpass', why: 'PostgreSQL passwords' },
  { glob: '.my.cnf', why: 'MySQL passwords' },
  { glob: '.htpasswd', why: 'password hashes for web servers' },
  { glob: '.vault-token', why: 'a HashiCorp Vault token' },
  { glob: 'credentials.json', why: 'OAuth client and service account keys' },
  { glob: 'application_default_credentials.json', why: 'gcloud application default credentials' },
  { glob: 'gcloud/credentials.db', why: 'gcloud’s stored credentials' },
  { glob: 'gcloud/access_tokens.db', why: 'gcloud’s access tokens' },
  { glob: 'gcloud/legacy_credentials/**', why: 'gcloud’s older stored credentials' },
  { glob: '.azure/accesstokens.json', why: 'Azure CLI access tokens' },
  { glob: '.azure/msal_token_cache.*', why: 'Azure CLI token cache' },
  { glob: '.azure/service_principal_entries.*', why: 'Azure CLI service principal secrets' },
  { glob: '.azure/msal_http_cache.*', why: 'Azure CLI token cache' },
  { glob: '.oci/**', why: 'Oracle Cloud CLI keys and config' },
  { glob: 'doctl/config.yaml', why: 'the DigitalOcean CLI’s token' },
  { glob: '.fly/config.yml', why: 'flyctl’s access token' },
  { glob: 'heroku/credentials', why: 'the Heroku CLI’s token' },
  { glob: '.wrangler/config/**', why: 'wrangler’s own login (~/.wrangler, ~/.config/.wrangler)' },
  { glob: 'run/secrets/**', why: 'container secrets and the Kubernetes service-account token' },
  { glob: 'kubernetes.io/serviceaccount/**', why: 'the Kubernetes service-account token' },
  { glob: '.kube/config*', why: 'Kubernetes cluster credentials, per cluster' },
  { glob: '.cargo/credentials', why: 'crates.io tokens' },
  { glob: '.cargo/credentials.toml', why: 'crates.io tokens' },
  { glob: '.gem/credentials', why: 'RubyGems API keys' },
  { glob: '.m2/settings.xml', why: 'Maven repository passwords' },
  { glob: '.m2/settings-security.xml', why: 'Maven’s master password' },
  { glob: '.gradle/gradle.properties', why: 'Gradle repository and signing passwords' },
  { glob: 'nuget.config', why: 'NuGet feed passwords (~/.nuget/NuGet/NuGet.Config and per project)' },
  { glob: '.composer/auth.json', why: 'Composer repository tokens' },
  { glob: 'composer/auth.json', why: 'Composer repository tokens (XDG)' },
  { glob: '.bash_history', why: 'shell history: secrets typed on command lines' },
  { glob: '.zsh_history', why: 'shell history: secrets typed on command lines' },
  { glob: '.zhistory', why: 'shell history: secrets typed on command lines' },
  { glob: '.sh_history', why: 'shell history: secrets typed on command lines' },
  { glob: '.histfile', why: 'shell history: secrets typed on command lines' },
  { glob: 'fish_history', why: 'fish’s history: secrets typed on command lines' },
  { glob: '.python_history', why: 'Python REPL history' },
  { glob: '.node_repl_history', why: 'Node.js REPL history' },
  { glob: '.psql_history', why: 'psql history: passwords set in SQL' },
  { glob: '.mysql_history', why: 'MySQL client history: passwords set in SQL' },
  { glob: '.sqlite_history', why: 'SQLite shell history' },
  { glob: '.rediscli_history', why: 'redis-cli history: AUTH passwords' },
  { glob: '.irb_history', why: 'Ruby REPL history' },
  { glob: '*.tfstate', why: 'Terraform state holds every resource’s secrets' },
  { glob: '*.tfstate.backup', why: 'Terraform state, previous copy' },
  { glob: '*.pem', why: 'private keys (and certificates, which the name cannot tell apart)' },
  { glob: '*.key', why: 'private keys' },
  { glob: '*.p12', why: 'PKCS #12 key stores' },
  { glob: '*.pfx', why: 'PKCS #12 key stores' },
  { glob: '*.ppk', why: 'PuTTY private keys' },
  { glob: '*.jks', why: 'Java key stores' },
  { glob: '*.keystore', why: 'Java and Android key stores' },
  { glob: '*.kdbx', why: 'KeePass password databases' },
  { glob: 'secret.*', why: 'files named for secrets (secret.json)' },
  { glob: 'secrets.*', why: 'files named for secrets (secrets.yml)' },
  { glob: '.secrets', why: 'files named for secrets' },
  { glob: 'id_rsa', why: 'an SSH private key, wherever it was copied' },
  { glob: 'id_dsa', why: 'an SSH private key, wherever it was copied' },
  { glob: 'id_ecdsa', why: 'an SSH private key, wherever it was copied' },
  { glob: 'id_ed25519', why: 'an SSH private key, wherever it was copied' },
  { glob: 'id_ecdsa_sk', why: 'an SSH private key, wherever it was copied' },
  { glob: 'id_ed25519_sk', why: 'an SSH private key, wherever it was copied' },
  { glob: '.ssh', why: 'the SSH folder: reading it whole reads its keys' },
  {
    glob: '.ssh/*',
    why: 'anything in ~/.ssh but its public parts is a private key',
    unless: ['*.pub', 'known_hosts', 'known_hosts.old', 'authorized_keys', 'authorized_keys2', 'config'],
  },
  { glob: '.gnupg/**', why: 'GnuPG private keys and trust' },
  { glob: '.aws/**', why: 'AWS keys (credentials, config, SSO and CLI caches)' },
  { glob: '.docker/config.json', why: 'registry logins' },
  { glob: '.kube/config', why: 'Kubernetes cluster credentials' },
  { glob: 'gh/hosts.yml', why: 'the GitHub CLI’s tokens' },
  { glob: '.claude/.credentials.json', why: 'Claude Code’s login' },
  { glob: '.codex/auth.json', why: 'Codex CLI’s login' },
  { glob: 'etc/shadow', why: 'password hashes' },
  { glob: 'etc/shadow-', why: 'password hashes, previous copy' },
  { glob: 'etc/gshadow', why: 'group password hashes' },
  { glob: 'etc/gshadow-', why: 'group password hashes, previous copy' },
  { glob: 'etc/master.passwd', why: 'password hashes (BSD)' },
  { glob: 'etc/sudoers', why: 'who may become root, and how' },
  { glob: 'etc/sudoers.d/**', why: 'who may become root, and how' },
  { glob: 'etc/security/opasswd', why: 'old password hashes' },
  { glob: 'etc/ssh/ssh_host_*_key', why: 'the machine’s SSH host keys' },
  { glob: 'proc/kcore', why: 'the kernel’s memory' },
  { glob: 'dev/mem', why: 'the machine’s physical memory' },
  { glob: 'dev/kmem', why: 'the kernel’s memory' },
  // Any pid spelling (`self`, `thread-self`, digits, `$$`) is one segment; `task/N` adds two.
  { glob: 'proc/*/environ', why: 'a process’s environment: its tokens and keys' },
  { glob: 'proc/*/task/*/environ', why: 'a thread’s environment: its tokens and keys' },
  { glob: 'proc/*/cmdline', why: 'a process’s arguments, passwords given on them included' },
  { glob: 'proc/*/task/*/cmdline', why: 'a thread’s arguments' },
  { glob: 'proc/*/mem', why: 'a process’s memory' },
  { glob: 'proc/*/task/*/mem', why: 'a thread’s memory' },
  { glob: 'proc/*/auxv', why: 'a process’s auxiliary vector: where its memory lies' },
];

/**
 * Folders that hold secret files, for readers that take a folder whole (`grep -r`, `tar`,
 * `cp -r`, Grep's and Glob's `path`): the folder, anything in it (`inside`), and any folder
 * above it count. A relative entry (`.ssh`) is found anywhere in a path, since the path may be
 * under a home; `~/…` only under a home (a project has a `.claude` of its own), `/…` only from
 * the root. `~` and `/` themselves hold the dotfiles with logins (`.netrc`, `.npmrc`,
 * `.git-credentials`, `.pgpass`) and every folder of this table.
 */
export interface SecretDirectoryEntry {
  glob: string;
  inside: boolean;
  why: string;
}

export const secretDirectoryTable: readonly SecretDirectoryEntry[] = [
  { glob: '.ssh', inside: true, why: 'SSH private keys' },
  { glob: '.gnupg', inside: true, why: 'GnuPG private keys' },
  { glob: '.aws', inside: true, why: 'AWS keys' },
  { glob: '.docker', inside: true, why: 'registry logins' },
  { glob: '.kube', inside: true, why: 'cluster credentials' },
  { glob: '.azure', inside: true, why: 'Azure CLI tokens' },
  { glob: '.config/gh', inside: true, why: 'GitHub CLI tokens' },
  { glob: '.config/gcloud', inside: true, why: 'gcloud credentials' },
  { glob: '.oci', inside: true, why: 'Oracle Cloud CLI keys' },
  { glob: '.fly', inside: true, why: 'flyctl’s token' },
  { glob: '.config/doctl', inside: true, why: 'the DigitalOcean CLI’s token' },
  { glob: '.config/git', inside: true, why: 'git’s stored credentials' },
  { glob: '~/.wrangler', inside: true, why: 'wrangler’s login' },
  { glob: '~/.config/.wrangler', inside: true, why: 'wrangler’s login' },
  { glob: '~/.cargo', inside: false, why: 'crates.io tokens' },
  { glob: '~/.m2', inside: false, why: 'Maven passwords' },
  { glob: '~/.gradle', inside: false, why: 'Gradle passwords' },
  { glob: '~/.gem', inside: true, why: 'RubyGems API keys' },
  { glob: '~/.nuget', inside: false, why: 'NuGet feed passwords' },
  { glob: '~/.composer', inside: false, why: 'Composer tokens' },
  { glob: '/run/secrets', inside: true, why: 'container secrets' },
  { glob: '/var/run/secrets', inside: true, why: 'the Kubernetes service-account token' },
  { glob: '~/.claude', inside: true, why: 'Claude Code’s login' },
  { glob: '~/.codex', inside: true, why: 'Codex CLI’s login' },
  { glob: '~', inside: false, why: 'dotfiles with logins, and the folders above' },
  { glob: '/etc', inside: true, why: 'password hashes and sudoers' },
  { glob: '/proc', inside: true, why: 'every process’s environment and memory' },
  { glob: '/', inside: false, why: 'every home, /etc and /proc' },
  { glob: '/home', inside: false, why: 'every home' },
  { glob: '/users', inside: false, why: 'every home (macOS)' },
];

/**
 * An entry of the table, compiled once. `tail` and `unless` are its glob and exceptions as
 * patterns, for a glob in a command, where the question is glob against glob (`endsWith`'s
 * comparison). `literal` and `unlessLiteral` are the same globs as expressions for a path
 * without wildcards, the usual case, which they answer in time linear in the path.
 */
interface CompiledEntry {
  tail: readonly Segment[];
  unless: readonly string[];
  literal: RegExp;
  unlessLiteral: readonly RegExp[];
}

const compiledFiles: readonly CompiledEntry[] = secretPathTable.map((entry) => {
  const tail = pathPattern(entry.glob, true).segments;
  const unless = entry.unless ?? [];
  return {
    tail,
    unless,
    literal: literalTailMatcher(tail),
    unlessLiteral: unless.map((name) => literalSegmentMatcher(pathPattern(name, true).segments[0]!)),
  };
});

/** Every entry's literal expression in one: a path none of them ends is no secret file, in one test. */
const anyLiteralTail = new RegExp(compiledFiles.map((entry) => `(?:${entry.literal.source})`).join('|'));

/**
 * A run of written characters every path matching `tail` contains: the longest of its file name
 * (the most telling: `/dev/mem` gives `mem`, not `dev`, which many a cwd holds), or when that
 * writes fewer than two, the longest of all its names (`~/.ssh/*` gives `.ssh`).
 */
function writtenRun(tail: readonly Segment[]): string {
  const longestOf = (segments: readonly Segment[]) => {
    let longest = '';
    for (const segment of segments) {
      if (segment === 'globstar') continue;
      let run = '';
      for (const token of segment) {
        run = token.type === 'char' ? run + token.char : '';
        if (run.length > longest.length) longest = run;
      }
    }
    return longest;
  };
  const last = longestOf(tail.slice(-1));
  return last.length >= 2 ? last : longestOf(tail);
}

/**
 * Each entry's longest written run in one expression, tested on the path and cwd as written
 * (lowered): a path that holds none of them is no secret file, without resolving it. Resolving a
 * path is the costliest part of looking at a word, most words of a command (`npm`, `--run`) hold
 * no such run, and the shield and the risk rater look at every word (measured: `decide` on the
 * bench's compound command). Resolving only drops text, lowers it and turns `\\` into `/`, so a
 * run the resolved path holds was in what was written — once the characters names ignore are
 * dropped from it, since dropping one joins the text around it (`.e\u200bnv` holds `.env`).
 * `null` when an entry writes nothing.
 */
const anyWrittenRun: RegExp | null = compiledFiles.some((entry) => writtenRun(entry.tail) === '')
  ? null
  : new RegExp(compiledFiles.map((entry) => escapeRegExp(writtenRun(entry.tail))).join('|'));

/**
 * Text as `anyWrittenRun` is tested on: as the normaliser reads names, before splitting it.
 * Printable ASCII, most words, has nothing to normalise or drop.
 */
const comparable = (text: string) =>
  (/[^ -~]/.test(text) ? dropIgnorable(text.normalize('NFC')) : text).toLowerCase();

const compiledDirectories = secretDirectoryTable.map((entry) => ({
  inside: entry.inside,
  ...pathPattern(entry.glob, true),
}));

/** Whether every name `last` can be is one of `unless`'s (so the entry does not apply). */
function excluded(last: Segment, unless: readonly string[]): boolean {
  return unless.some((name) => {
    const pattern = pathPattern(name, true).segments[0]!;
    if (isLiteral(last)) return segmentsMeet(last, pattern);
    // `*.pub` covers every glob that ends in `.pub`; other exceptions cover literal names only.
    return name.startsWith('*') && !/[*?[]/.test(name.slice(1)) && endsWithLiteral(last, name.slice(1));
  });
}

/**
 * Whether some path matching `pattern` (a glob's, wildcards and all) could be a secret file of
 * the table: glob against glob, for the words of a command the shell would expand.
 */
export function patternNamesSecretFile({ segments }: PathPattern): boolean {
  const last = segments.at(-1);
  if (last === undefined) return false;
  return compiledFiles.some(
    (entry) => endsWith(segments, entry.tail) && !(last !== 'globstar' && excluded(last, entry.unless)),
  );
}

/**
 * Whether the literal path of `parts` (`normalizePath`'s) is a secret file of the table: the
 * answer `patternNamesSecretFile` gives for it, by matching instead of comparing.
 */
export function literalNamesSecretFile(parts: readonly string[]): boolean {
  const last = parts.at(-1);
  if (last === undefined) return false;
  const text = literalPathText(parts);
  if (!anyLiteralTail.test(text)) return false;
  return compiledFiles.some(
    (entry) => entry.literal.test(text) && !entry.unlessLiteral.some((name) => name.test(last)),
  );
}

/** A name that may be an 8.3 short name (`SECRE~1`, `CREDEN~1.JSO`) somewhere in a path. */
const shortNameIn = /(?:^|[\\/])[^~\\/.]{1,6}~[0-9]+(?:\.[^.\\/]{0,3})?(?=$|[\\/])/;

/** Short names in one path worked through one by one; past this many, the rest become `*` only. */
const MOST_SHORT_NAMES = 4;

/**
 * `pattern` with each 8.3 short name (shared/paths/normalize.ts) turned into a glob of the long
 * names it may stand for, with and without a dotfile's dot (`SECRE~1` → `se*`, `.se*`): Windows
 * makes one of a long name by dropping its dots and cutting it short, so it may be any name
 * starting with those letters, a secret one included (fail closed). Every mix is tried.
 */
function shortNamesAsAny(pattern: PathPattern): PathPattern[] {
  let variants: Segment[][] = [[]];
  let shortNames = 0;
  for (const segment of pattern.segments) {
    const text =
      segment !== 'globstar' && segment.every((token) => token.type === 'char')
        ? segment.map((token) => (token.type === 'char' ? token.char : '')).join('')
        : '';
    if (!isShortName(text)) {
      for (const variant of variants) variant.push(segment);
      continue;
    }
    shortNames += 1;
    // Its first two letters start the long name (after a dotfile's dot): inner dots are dropped
    // further on (`.env.local` is `ENVLOC~1`), so only those two are taken at their word.
    const letters = [...text.slice(0, Math.min(2, text.indexOf('~')))].map(
      (char): Token => ({ type: 'char', char }),
    );
    const choices: Segment[] = [[...letters, { type: 'star' }]];
    if (shortNames <= MOST_SHORT_NAMES)
      choices.push([{ type: 'char', char: '.' }, ...letters, { type: 'star' }]);
    variants = variants.flatMap((variant) => choices.map((choice) => [...variant, choice]));
  }
  return variants.map((segments) => ({ anchor: pattern.anchor, segments }));
}

/** The alternatives a path stands for: brace groups of a glob taken apart, short names as `*`. */
function patternsOf(path: string, glob: boolean, cwd?: string): PathPattern[] {
  const patterns = (glob ? expandBraces(path) : [path]).map((text) => pathPattern(text, glob, cwd));
  return shortNameIn.test(path) ? patterns.flatMap(shortNamesAsAny) : patterns;
}

/** Whether `path` (absolute, relative, `~/…`, Windows-style) names a secret file. */
export function isSecretPath(path: string, cwd?: string): boolean {
  if (typeof path !== 'string') return false;
  if (shortNameIn.test(path)) return patternsOf(path, false, cwd).some(patternNamesSecretFile);
  if (
    anyWrittenRun !== null &&
    !anyWrittenRun.test(comparable(path)) &&
    (cwd === undefined || !anyWrittenRun.test(comparable(cwd)))
  )
    return false;
  return literalNamesSecretFile(normalizePath(path, cwd).parts);
}

/**
 * Whether a glob could pick a secret file: `**\/.env*`, `*.pem`, `.env.{local,prod}`,
 * `~/.aws/cred*`, `.en?`. `**\/*` does not: it spells out no secret name (a folder read whole
 * is `readsSecretDirectory`'s question).
 */
export function globNamesSecretFile(glob: string, cwd?: string): boolean {
  if (typeof glob !== 'string') return false;
  return patternsOf(glob, true, cwd).some((pattern) => {
    // A glob that is only wildcards (`*`, `**/*`) could name anything; that is a folder's question.
    const spelled = pattern.segments.some(
      (segment) => segment !== 'globstar' && segment.some((token) => token.type === 'char'),
    );
    return spelled && patternNamesSecretFile(pattern);
  });
}

/** Whether `path` lies on the way to `folder`: the same start, fewer segments, each meeting. */
function isAbove(path: readonly Segment[], folder: readonly Segment[]): boolean {
  return path.length < folder.length && startsWith(folder, path);
}

function holdsSecrets({ anchor, segments }: PathPattern): boolean {
  return compiledDirectories.some((folder) => {
    if (folder.anchor === 'relative') {
      return contains(segments, folder.segments) || (anchor === 'home' && isAbove(segments, folder.segments));
    }
    if (folder.anchor !== anchor) return false;
    const at = folder.inside
      ? startsWith(segments, folder.segments)
      : segments.length === folder.segments.length && startsWith(segments, folder.segments);
    return at || isAbove(segments, folder.segments);
  });
}

/**
 * Whether reading `path` as a folder, whole and recursively, reads secrets: it is a secret
 * folder (`~/.ssh`, `/proc`), inside one, or above one (`~`, `/`, `/home`). `glob` as for
 * `pathPattern`; `cwd` resolves a relative path (`.` in a home is the home).
 */
export function readsSecretDirectory(path: string, glob: boolean, cwd?: string): boolean {
  if (typeof path !== 'string') return false;
  return patternsOf(path, glob, cwd).some(holdsSecrets);
}
