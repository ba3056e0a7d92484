import { hintSieve, type SieveGroup } from './pair-sieve.ts';

/**
 * What one pass over a text tells the shield's hint regexes (pair-sieve.ts): whether the text may
 * hold a secret (`anySecretHint`, patterns.ts), may name a secret file (`secretPathHint`,
 * secret-paths.ts), or has a character that makes a shell word differ from the text as written.
 * A call's command is passed over once for all three; `shield-pair-fastpath.test.ts` checks that
 * no text a regex matches is turned away.
 */
export const SECRET_HINT = 1;
export const SECRET_PATH_HINT = 2;
export const SHELL_REWRITING = 4;

/**
 * A pair of characters from each literal `anySecretHint` looks for, in its order. Chosen rare in
 * command lines and prose; a literal missing here would hide a secret.
 */
const secretHintPairs = [
  '-b', // -----BEGIN
  'ey', // eyJ, api key / api_key / api-key / apikey
  'ia', // AKIA, ASIA, ABIA
  'cc', // ACCA
  '3t', // A3T
  'za', // AIza, authorization
  'gh', // gh?_
  'b_', // github_pat_
  'gl', // glpat-
  'xo', // xox?-
  'k-', // sk-
  'cr', // secret
  'iv', // _live_
  '_t', // _test_
  'm_', // npm_
  ':/', // ://
  'be', // bearer
  'sw', // passw
  'ph', // passphrase
  'ok', // token
];

/** A pair of characters from each literal of `secretPathHint`, in its order. */
const secretPathHintPairs = [
  'nv', // .env
  'v.', // .dev.vars
  'rc', // .npmrc, .pypirc, netrc
  'cr', // credentials, secret
  'pg', // .pgpass, .gnupg
  'cn', // .my.cnf
  'sw', // .htpasswd
  'ok', // .vault-token
  'tf', // tfstate
  '.p', // .pem, .p12, .pfx, .ppk
  '.k', // .key, .kdbx, .kube
  'jk', // .jks
  'd_', // id_
  'ss', // .ssh
  '.d', // .docker
  'ym', // hosts.yml
];

/**
 * Quotes, escapes, expansions and globs: the characters that make the shell analyzer's words
 * differ from slices of the command (`.e"n"v`, `$'\x2eenv'`, `.e*`), as shell-files.ts reads them.
 */
const shellRewritingCharacters = '\\\'"$`*?[{';

/** The three hints as sieve groups. */
export const textHintGroups: readonly SieveGroup[] = [
  { bit: SECRET_HINT, pairs: secretHintPairs },
  { bit: SECRET_PATH_HINT, pairs: secretPathHintPairs },
  { bit: SHELL_REWRITING, chars: shellRewritingCharacters },
];

/** The bits above that `text` may have (a bit left out is certainly not there). */
export const textHints = hintSieve(textHintGroups);

/** A text whose hints are already known: a call's command, read once for both halves of the shield. */
export interface HintedText {
  readonly text: string;
  readonly hints: number;
}

/** The hints of `text`: taken from `known` when it is that text, else worked out. */
export function hintsOf(text: string, known: HintedText | undefined): number {
  return known !== undefined && known.text === text ? known.hints : textHints(text);
}
