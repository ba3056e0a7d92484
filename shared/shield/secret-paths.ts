/**
 * Files that hold credentials by convention. Reading one exposes its secrets to the agent (and
 * to whatever it sends them to), so the shield treats naming one like carrying a secret.
 *
 * Decided here: `.env.example`, `.env.sample`, `.env.template` and `.env.dist` are NOT secret
 * files — they are committed templates whose whole point is to hold no real values. Public keys
 * (`*.pub`), `known_hosts`, `authorized_keys` and `~/.ssh/config` are not secret either.
 * Certificates share the `.pem` extension with private keys and are flagged all the same:
 * the name cannot tell them apart, so it fails closed.
 */
import { SECRET_PATH_HINT, textHints } from './text-hints.ts';

const templateSuffix = /^(?:example|sample|template|dist)$/;

const secretBasenames = new Set([
  '.envrc',
  '.dev.vars',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.my.cnf',
  '.htpasswd',
  '.vault-token',
  'credentials.json',
  'application_default_credentials.json',
  'terraform.tfstate',
  'terraform.tfstate.backup',
]);

const secretExtensions = /\.(?:pem|key|p12|pfx|ppk|jks|keystore|kdbx|tfstate)$/;
const sshKey = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/;
const sshPublic = /^(?:known_hosts(?:\.old)?|authorized_keys2?|config|.*\.pub)$/;

/** Paths (as trailing segment lists) that are secret wherever they live. */
const secretTails: readonly (readonly string[])[] = [
  ['.aws', 'credentials'],
  ['.docker', 'config.json'],
  ['.kube', 'config'],
  ['gh', 'hosts.yml'],
];

/**
 * Text every secret path contains, in some case: each name, extension and folder above holds one
 * of these. A word without any (most words of a command line) names no secret file, so the path
 * checks below need not run. `u` makes the match fold case the way `toLowerCase` does (the
 * Kelvin sign lowers to `k`); a hint missing from this list would hide a secret file, which the
 * shield's tests guard by comparing hinted and exhaustive checks.
 */
export const secretPathHint =
  /\.env|\.dev\.vars|\.npmrc|\.pypirc|netrc|credentials|\.pgpass|\.my\.cnf|\.htpasswd|\.vault-token|tfstate|\.pem|\.key|\.p12|\.pfx|\.ppk|\.jks|\.kdbx|secret|id_|\.ssh|\.gnupg|\.docker|\.kube|hosts\.yml/iu;

/**
 * False when no secret file name can hide in `text` as written (globs aside: see
 * `globNamesSecretFile`): the pair sieve (text-hints.ts) first, then the hint regex. `hints` are
 * the text's own, when the caller has them already.
 */
export function mayNameSecretFile(text: string, hints?: number): boolean {
  return ((hints ?? textHints(text)) & SECRET_PATH_HINT) !== 0 && secretPathHint.test(text);
}

function isDotEnv(basename: string): boolean {
  if (basename.endsWith('.env')) return true;
  if (!basename.startsWith('.env.') && !basename.startsWith('.dev.vars.')) return false;
  const suffixes = basename.split('.').slice(2);
  return !suffixes.some((suffix) => templateSuffix.test(suffix));
}

function segmentsOf(path: string): string[] {
  return path
    .trim()
    .replace(/^["']|["']$/g, '')
    .replaceAll('\\', '/')
    .toLowerCase()
    .split('/')
    .filter((part) => part !== '' && part !== '.');
}

function isSecretSegments(segments: readonly string[]): boolean {
  const basename = segments.at(-1);
  if (basename === undefined) return false;
  if (isDotEnv(basename) || secretBasenames.has(basename) || secretExtensions.test(basename)) return true;
  if (/^secrets?\.[a-z0-9]+$/.test(basename) || basename === '.secrets') return true;
  if (sshKey.test(basename)) return true;
  // Anything in ~/.ssh but its public parts, and the folder itself (Grep would read it all).
  if (basename === '.ssh' || basename === '.gnupg') return true;
  if (segments.at(-2) === '.ssh' && !sshPublic.test(basename)) return true;
  if (segments.includes('.gnupg')) return true;
  return secretTails.some(
    (tail) =>
      segments.length >= tail.length && tail.every((part, i) => segments.at(i - tail.length) === part),
  );
}

/** Whether `path` (absolute, relative, `~/…`, Windows-style) names a secret file. */
export function isSecretPath(path: string): boolean {
  return isSecretSegments(segmentsOf(path));
}

/**
 * Whether a glob could pick a secret file by name: `**\/.env*`, `*.pem`, `.env.{local,prod}`.
 * The wildcard characters are dropped and what is left is judged as a path, so a glob that
 * spells out a secret name counts while `**\/*` does not.
 */
export function globNamesSecretFile(glob: string): boolean {
  return expandBraces(glob).some((alternative) => {
    const literal = segmentsOf(alternative).map((part) => part.replace(/[*?[\]{}!]/g, ''));
    return isSecretSegments(literal.filter((part) => part !== ''));
  });
}

/** `*.{pem,key}` → `*.pem`, `*.key` (the first brace group; enough to read a glob's intent). */
function expandBraces(glob: string): string[] {
  const group = /\{([^{}]{0,500})\}/.exec(glob);
  if (!group) return [glob];
  const before = glob.slice(0, group.index);
  const after = glob.slice(group.index + group[0].length);
  return group[1]!
    .split(',')
    .slice(0, 20)
    .map((choice) => `${before}${choice}${after}`);
}
