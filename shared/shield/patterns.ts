import type { SecretKind } from './kinds.ts';
import { hasMixedCaseAndDigits, isPlaceholder, looksMachineMade } from './values.ts';

/**
 * The one list of secret patterns: the shield detects with it and redaction masks with it, so
 * whatever the relay calls a secret it also hides.
 *
 * Each regex starts behind a look-behind that excludes the characters of its own body, so a
 * long run of token-like characters is tried from its start only; quantifiers are bounded. That
 * keeps every pattern linear on hostile input (a tool input is at most 256 KiB), which the
 * shield's tests time.
 */
export interface SecretPattern {
  kind: SecretKind | ((match: RegExpExecArray) => SecretKind);
  /** Global; with the `d` flag when `secretGroups` is set. */
  regex: RegExp;
  /**
   * Named groups that hold the secret itself (the first that took part wins); the rest of the
   * match is context that stays readable after redaction, like `password=`.
   */
  secretGroups?: readonly string[];
  /** A last look at the candidate, for what a regex cannot say well. */
  accept?: (secret: string, match: RegExpExecArray, text: string) => boolean;
  /**
   * Literal text every match of `regex` contains (not global, so `test` keeps no state). Most
   * texts hold no hint at all and skip the pattern without running it; a hint that is too
   * narrow would hide secrets, so the shield's tests compare hinted and exhaustive scans.
   */
  hint: RegExp;
}

/** Decodes a base64url segment to text, or `undefined` when it is not valid base64url. */
function decodeBase64Url(segment: string): string | undefined {
  try {
    const base64 = segment.replaceAll('-', '+').replaceAll('_', '/');
    return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  } catch {
    return undefined;
  }
}

/** A JWT's first part must decode to a JSON header naming its algorithm. */
function isJwt(token: string): boolean {
  const header = decodeBase64Url(token.slice(0, token.indexOf('.')));
  if (header === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return (
      typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string'
    );
  } catch {
    return false;
  }
}

/** Every name in `labelledNames` contains one of these. */
const labelledHint = /passw|passphrase|secret|api[_-]?key|token/i;

const labelledNames =
  'password|passwd|passphrase|secret[_-]?access[_-]?key|secret[_-]?key|client[_-]?secret|secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|token';

/** Pagination and sync cursors are called tokens but guard nothing. */
const cursorLabel =
  /(?:^|[_.-])(?:page|next|prev|previous|continuation|pagination|cursor|sync|resume)[_-]?token$/i;

/** The kind a labelled pair reports, by the name in its label. */
function labelledKind(match: RegExpExecArray): SecretKind {
  return /passw(?:or)?d|passphrase/i.test(match.groups?.name ?? '')
    ? 'password_assignment'
    : 'generic_api_key';
}

/**
 * The value of `name=value`, `name: value`, `"name": "value"` (also inside escaped JSON),
 * `--name value`. A bare value stops at shell and markup punctuation.
 */
const labelledValue = String.raw`(?:\\?"(?<dq>(?:[^"\\\n]|\\[^"\n]){1,300})\\?"|'(?<sq>[^'\n]{1,300})'|(?<bare>[^\s"'\x60&;,<>()\[\]{}|\\]{1,300}))`;

/**
 * Whether a labelled pair's value is a secret. `KEY=value` (tight, as in env files, URLs and
 * shell assignments) takes any real value; looser forms (`name: value`, `name = value`,
 * `name => value`) also appear in prose and code, so there the value must look machine-made.
 */
function acceptLabelled(secret: string, match: RegExpExecArray, text: string): boolean {
  const groups = match.groups ?? {};
  if (groups.label && cursorLabel.test(groups.label)) return false;
  if (secret.length < 3 || isPlaceholder(secret)) return false;
  if (groups.name && secret.toLowerCase() === groups.name.toLowerCase()) return false;
  const end = match.index + match[0].length;
  if (groups.bare !== undefined && text[end] === '(') return false;
  const tight = groups.sep === '=' && !groups.gap && !groups.gap2;
  return tight || looksMachineMade(secret);
}

function acceptValue(secret: string): boolean {
  return !isPlaceholder(secret);
}

export const secretPatterns: readonly SecretPattern[] = [
  {
    // The whole PEM block, or to the end of the text when its END line is missing (cut off).
    kind: 'private_key',
    hint: /-----BEGIN /,
    regex:
      /-----BEGIN ((?:[A-Z0-9]{1,20} ){0,4})PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  {
    kind: 'jwt',
    hint: /eyJ/,
    regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,4096}\.[A-Za-z0-9_-]{2,16384}\.[A-Za-z0-9_-]{0,4096}/g,
    accept: isJwt,
  },
  {
    kind: 'aws_access_key',
    hint: /A(?:KIA|SIA|BIA|CCA|3T)/,
    regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])/g,
  },
  {
    kind: 'aws_secret_key',
    hint: /secret/i,
    regex:
      /(?<![A-Za-z0-9])(?:aws_?)?secret_?(?:access_?)?key\\?["']?(?:\s{0,5}[:=]\s{0,5}|\s{1,5})\\?["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dgi,
    secretGroups: ['secret'],
  },
  {
    kind: 'github_token',
    hint: /gh[pousr]_|github_pat_/,
    regex: /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,251})/g,
  },
  { kind: 'gitlab_token', hint: /glpat-/, regex: /(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,251}/g },
  {
    kind: 'slack_token',
    hint: /xox[abeprs]-/,
    regex: /(?<![A-Za-z0-9-])xox[abeprs]-[0-9]{1,30}-[A-Za-z0-9-]{8,251}/g,
  },
  {
    kind: 'slack_webhook',
    hint: /https:\/\/hooks\.slack\.com\//,
    regex: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{20,300}/g,
  },
  { kind: 'anthropic_key', hint: /sk-ant-/, regex: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,251}/g },
  {
    // `sk-` alone is too common in kebab-case words, so the body must look random.
    kind: 'openai_key',
    hint: /sk-/,
    regex: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?(?<body>[A-Za-z0-9_-]{20,251})/dg,
    accept: (_secret, match) => hasMixedCaseAndDigits(match.groups?.body ?? ''),
  },
  {
    kind: 'stripe_key',
    hint: /_(?:live|test)_/,
    regex: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}/g,
  },
  { kind: 'google_api_key', hint: /AIza/, regex: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}/g },
  { kind: 'npm_token', hint: /npm_/, regex: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}/g },
  {
    // A labelled header: `Authorization: Bearer …`, `Basic …`, `token …`, or the bare credential.
    kind: 'bearer_token',
    hint: /authorization/i,
    regex:
      /(?<![A-Za-z0-9-])(?:proxy-)?authorization\\?["']?\s{0,5}[:=]\s{0,5}\\?["']?(?:(?:Bearer|Basic|Token|Digest|Bot)\s{1,5})?(?<secret>[A-Za-z0-9._~+/=-]{8,4096})/dgi,
    secretGroups: ['secret'],
    accept: acceptValue,
  },
  {
    // `Bearer <token>` without its header name, as in `-H "$AUTH: Bearer …"`.
    kind: 'bearer_token',
    hint: /bearer/i,
    regex: /(?<![A-Za-z0-9])Bearer\s{1,5}(?<secret>[A-Za-z0-9._~+/-]{20,4096}=*)/dgi,
    secretGroups: ['secret'],
    accept: (secret) => acceptValue(secret) && looksMachineMade(secret),
  },
  {
    kind: 'url_credentials',
    // What lies between `://` and `@` in a match, without its `:`: no blank, `/`, `?`, `#`, `@`,
    // quote or angle bracket, at most 501 characters. Most URLs (`https://host/path`) end the
    // hint at their first `/`, so the pattern itself runs only on a URL with a user in it.
    hint: /:\/\/[^\s/?#@"'<>]{1,501}@/,
    regex:
      /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/?#@"'<>]{0,200}:(?<secret>[^\s/?#@"'<>]{1,300})@/dg,
    secretGroups: ['secret'],
    accept: acceptValue,
  },
  {
    // `--password hunter2`, `--api-key=…` on a command line.
    kind: labelledKind,
    hint: labelledHint,
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9-])--(?<label>(?:[a-z0-9]{1,40}-){0,4}(?<name>password|passwd|passphrase|secret|api-key|apikey|token))(?<sep>=|\s{1,5})${labelledValue}`,
      'dgi',
    ),
    secretGroups: ['dq', 'sq', 'bare'],
    accept: (secret) => secret.length >= 3 && !isPlaceholder(secret),
  },
  {
    // `password=…`, `DB_PASSWORD: …`, `"api_key": "…"`, `client_secret => '…'`.
    kind: labelledKind,
    hint: labelledHint,
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9])(?<label>(?:[A-Za-z0-9]{1,40}[_.-]){0,4}(?<name>${labelledNames}))\\?["']?(?<gap>\s{0,5})(?<sep>=>|[:=])(?!=)(?<gap2>\s{0,5})${labelledValue}`,
      'dgi',
    ),
    secretGroups: ['dq', 'sq', 'bare'],
    accept: acceptLabelled,
  },
];

/**
 * Any pattern's hint: one pass over a text that holds none (most texts) rules out every pattern.
 * Written out by first character rather than joined from the hints, which the regex engine
 * runs about a quarter faster; case-insensitive throughout, which only widens the
 * case-sensitive hints. The shield's tests check that every text a hint matches, this matches.
 */
export const anySecretHint =
  /-----BEGIN |eyJ|A(?:KIA|SIA|BIA|CCA|3T|Iza)|g(?:h[pousr]_|ithub_pat_|lpat-)|xox[abeprs]-|s(?:k-|ecret)|_(?:live|test)_|npm_|:\/\/|a(?:uthorization|pi[_-]?key)|bearer|pass(?:w|phrase)|token/i;
