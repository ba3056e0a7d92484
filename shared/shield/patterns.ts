import type { SecretKind } from './kinds.ts';
import { hasMixedCaseAndDigits, isPlaceholder, looksMachineMade } from './values.ts';

/**
 * The one table of secret patterns: the shield detects with it and redaction masks with it, so
 * whatever the relay calls a secret it also hides. A new provider is one entry.
 *
 * Each regex starts behind a look-behind that excludes the characters of its own body, so a
 * long run of token-like characters is tried from its start only; quantifiers are bounded. That
 * keeps every pattern linear on hostile input (a tool input is at most 256 KiB), which the
 * shield's tests time.
 */
export interface SecretPattern {
  /** Stable name of the entry, for tests and reviews: `github-classic`, `mysql-inline-password`. */
  id: string;
  kind: SecretKind | ((match: RegExpExecArray) => SecretKind);
  /** Global; with the `d` flag when `secretGroups` is set. Never used directly: copied per text. */
  regex: RegExp;
  /**
   * Literal hints, in lower case: every text the regex matches holds at least one of them once
   * lowered, so a text that holds none skips the pattern without running it. A hint that is too
   * narrow would hide secrets; the shield's tests check every match of every pattern on their
   * corpus against its hints.
   */
  hints: readonly string[];
  /**
   * Named groups that hold the secret itself (the first that took part wins); the rest of the
   * match is context that stays readable after redaction, like `password=`.
   */
  secretGroups?: readonly string[];
  /** A last look at the candidate, for what a regex cannot say well. */
  accept?: (secret: string, match: RegExpExecArray, text: string) => boolean;
}

/** Whether `pattern` may match `text`: one of its hints is in `lower` (the text in lower case). */
export function mayMatch(pattern: SecretPattern, _text: string, lower: string): boolean {
  return pattern.hints.some((hint) => lower.includes(hint));
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

/** The literal every name in `labelledNames` holds (in lower case). */
const labelledHints = [
  'passw',
  'passphrase',
  'secret',
  'apikey',
  'api_key',
  'api-key',
  'token',
  'private',
  'access',
];

const labelledNames =
  'password|passwd|passphrase|secret[_-]?access[_-]?key|secret[_-]?key|client[_-]?secret|secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key|access[_-]?key';

/** Pagination and sync cursors are called tokens but guard nothing. */
const cursorLabel =
  /(?:^|[_.-])(?:page|next|prev|previous|continuation|pagination|cursor|sync|resume)[_-]?token$/i;

/** The kind a labelled pair reports, by the name in its label. */
function labelledKind(match: RegExpExecArray): SecretKind {
  return /passw(?:or)?d|passphrase|pwd|pass$|pw$/i.test(match.groups?.name ?? match.groups?.label ?? '')
    ? 'password_assignment'
    : 'generic_api_key';
}

/**
 * The value of `name=value`, `name: value`, `"name": "value"` (also inside escaped JSON),
 * `--name value`. A bare value stops at shell and markup punctuation.
 */
const labelledValue = String.raw`(?:\\?"(?<dq>(?:[^"\\\n]|\\[^"\n]){1,300})\\?"|'(?<sq>[^'\n]{1,300})'|(?<bare>[^\s"'\x60&;,<>()\[\]{}|\\]{1,300}))`;
/** The same value after a command's option (`-p'pw'`, `-p pw`): quoted or bare. */
const optionValue = String.raw`(?:"(?<dq>[^"\n]{1,300})"|'(?<sq>[^'\n]{1,300})'|(?<bare>[^\s"'\x60&;|<>()]{1,300}))`;
const valueGroups = ['dq', 'sq', 'bare'] as const;

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

/** A value given on a command line: real (not a placeholder) and at least three characters. */
function acceptOption(secret: string): boolean {
  return secret.length >= 3 && !isPlaceholder(secret);
}

/** A token of `prefix` and a body: the usual shape of a provider's key. */
function prefixed(id: string, kind: SecretKind, hints: readonly string[], regex: RegExp): SecretPattern {
  return { id, kind, hints, regex };
}

export const secretPatterns: readonly SecretPattern[] = [
  {
    // The whole PEM block, or to the end of the text when its END line is missing (cut off). Any
    // label and case: `-----begin rsa private key-----`, `ENCRYPTED PRIVATE KEY`, `PGP … BLOCK`.
    id: 'pem-private-key',
    kind: 'private_key',
    hints: ['private key'],
    regex:
      /-----\s?BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?\s?-----[\s\S]*?(?:-----\s?END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?\s?-----|$)/gi,
  },
  {
    // A PuTTY key file: its header line and the lines of fields and base64 after it.
    id: 'putty-private-key',
    kind: 'private_key',
    hints: ['putty-user-key-file-'],
    regex: /PuTTY-User-Key-File-\d{1,2}:[^\n]*(?:\r?\n(?:[A-Za-z-]{1,40}:[^\n]*|[A-Za-z0-9+/=]{1,200}))*/gi,
  },
  {
    id: 'jwt',
    kind: 'jwt',
    hints: ['eyj'],
    regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,4096}\.[A-Za-z0-9_-]{2,16384}\.[A-Za-z0-9_-]{0,4096}/g,
    accept: isJwt,
  },
  {
    // Gatehouse's own tokens and tickets (worker/common/credentials.ts): `gh_<workspace>_<id>_<secret>`.
    id: 'gatehouse-token',
    kind: 'gatehouse_token',
    hints: ['gh_', 'gt_'],
    regex:
      /(?<![A-Za-z0-9_-])g[ht]_[a-z0-9][a-z0-9-]{0,62}_[a-z]{2}-[a-z0-9]{8,32}_[A-Za-z0-9_-]{32,256}(?![A-Za-z0-9_-])/g,
  },
  prefixed(
    'aws-access-key-id',
    'aws_access_key',
    ['akia', 'asia', 'abia', 'acca', 'a3t', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva'],
    /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])/g,
  ),
  {
    id: 'aws-secret-access-key',
    kind: 'aws_secret_key',
    hints: ['secret'],
    regex:
      /(?<![A-Za-z0-9])(?:aws_?)?secret_?(?:access_?)?key\\?["']?(?:\s{0,5}(?:=>|[:=])\s{0,5}|\s{1,5})\\?["']?(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    secretGroups: ['secret'],
  },
  {
    // Azure storage and service bus connection strings: `AccountKey=…`, `SharedAccessKey=…`.
    id: 'azure-account-key',
    kind: 'azure_key',
    hints: ['accountkey=', 'sharedaccesskey='],
    regex: /(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey)=(?<secret>[A-Za-z0-9+/]{20,200}={0,2})/dgi,
    secretGroups: ['secret'],
  },
  {
    // An Azure shared access signature, whole or as the `sig=` of a SAS URL.
    id: 'azure-sas',
    kind: 'azure_key',
    hints: ['sharedaccesssignature=', 'sig='],
    regex:
      /(?:(?<![A-Za-z0-9])SharedAccessSignature=(?<sas>[^\s;"']{16,2000})|(?<![A-Za-z0-9_-])sig=(?<sig>[A-Za-z0-9%+/]{16,200}(?:%3D|=){0,2}))/dgi,
    secretGroups: ['sas', 'sig'],
  },
  prefixed(
    'github-token',
    'github_token',
    ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9_]{36,251}|github_pat_[A-Za-z0-9_]{22,251})/g,
  ),
  prefixed(
    'github-app-installation-token',
    'github_token',
    ['ghs_'],
    /(?<![A-Za-z0-9_-])ghs_[0-9]{1,20}_[A-Za-z0-9_-]{1,1000}\.[A-Za-z0-9_-]{1,10000}\.[A-Za-z0-9_-]{1,1000}/g,
  ),
  prefixed(
    'gitlab-token',
    'gitlab_token',
    ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'gloas-'],
    /(?<![A-Za-z0-9_-])(?:glpat|gldt|glrt|glptt|glcbt|gloas)-[A-Za-z0-9_-]{20,251}/g,
  ),
  {
    id: 'slack-token',
    kind: 'slack_token',
    hints: ['xoxa-', 'xoxb-', 'xoxe-', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xapp-'],
    regex: /(?<![A-Za-z0-9-])(?:xox[abeoprs]|xapp)-(?:[A-Za-z0-9]{1,40}-){1,10}[A-Za-z0-9]{1,40}/g,
    // `xoxo-gossip-girl` is prose: a token is long and has digits.
    accept: (secret) => secret.length >= 20 && /\d/.test(secret),
  },
  prefixed(
    'slack-webhook',
    'slack_webhook',
    ['hooks.slack.com/'],
    /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{20,300}/gi,
  ),
  prefixed('anthropic-key', 'anthropic_key', ['sk-ant-'], /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,251}/g),
  {
    // `sk-` alone is too common in kebab-case words, so the body must look random.
    id: 'openai-key',
    kind: 'openai_key',
    hints: ['sk-'],
    regex: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?(?<body>[A-Za-z0-9_-]{20,251})/dg,
    accept: (_secret, match) => hasMixedCaseAndDigits(match.groups?.body ?? ''),
  },
  prefixed('groq-key', 'groq_key', ['gsk_'], /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/g),
  prefixed(
    'huggingface-token',
    'huggingface_token',
    ['hf_'],
    /(?<![A-Za-z0-9_])hf_[A-Za-z]{34}(?![A-Za-z])/g,
  ),
  prefixed(
    'stripe-key',
    'stripe_key',
    ['_live_', '_test_'],
    /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}/g,
  ),
  prefixed('google-api-key', 'google_api_key', ['aiza'], /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}/g),
  prefixed('npm-token', 'npm_token', ['npm_'], /(?<![A-Za-z0-9_])npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])/g),
  {
    // `_authToken=…` in an .npmrc, whatever the token looks like.
    id: 'npmrc-auth-token',
    kind: 'npm_token',
    hints: ['_authtoken'],
    regex: /_authToken\s{0,5}=\s{0,5}(?<secret>[^\s$][^\s]{0,4095})/dg,
    secretGroups: ['secret'],
    accept: acceptValue,
  },
  prefixed(
    'sendgrid-key',
    'sendgrid_key',
    ['sg.'],
    /(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{16,128}\.[A-Za-z0-9_-]{16,128}(?![A-Za-z0-9_-])/g,
  ),
  prefixed(
    'shopify-token',
    'shopify_token',
    ['shppa_', 'shpca_', 'shpat_', 'shpss_'],
    /(?<![A-Za-z0-9_])shp(?:pa|ca|at|ss)_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/g,
  ),
  prefixed('linear-key', 'linear_key', ['lin_api_'], /(?<![A-Za-z0-9_])lin_api_[A-Za-z0-9_]{32,128}/g),
  prefixed(
    'notion-token',
    'notion_token',
    ['ntn_'],
    /(?<![A-Za-z0-9_])ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])/g,
  ),
  prefixed(
    'onepassword-service-account',
    'onepassword_token',
    ['ops_ey'],
    /(?<![A-Za-z0-9_])ops_ey[A-Za-z0-9+/=]{40,4096}/g,
  ),
  prefixed(
    'grafana-token',
    'grafana_token',
    ['glc_', 'glsa_'],
    /(?<![A-Za-z0-9_])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})/g,
  ),
  prefixed(
    'vault-token',
    'vault_token',
    ['hvs.', 'hvb.', 'hvr.'],
    /(?<![A-Za-z0-9_.-])hv[sbr]\.[A-Za-z0-9_-]{24,300}/g,
  ),
  prefixed(
    'vercel-token',
    'vercel_token',
    ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    /(?<![A-Za-z0-9_])vc[picrk]_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])/g,
  ),
  prefixed(
    'databricks-token',
    'databricks_token',
    ['dapi'],
    /(?<![A-Za-z0-9_])dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])/g,
  ),
  prefixed('docker-token', 'docker_token', ['dckr_pat_'], /(?<![A-Za-z0-9_])dckr_pat_[A-Za-z0-9_-]{27,64}/g),
  prefixed('figma-token', 'figma_token', ['figd_'], /(?<![A-Za-z0-9_])figd_[A-Za-z0-9_-]{40,200}/g),
  prefixed(
    'cloudflare-token',
    'cloudflare_token',
    ['cfk_', 'cfut_', 'cfat_'],
    /(?<![A-Za-z0-9_])(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])/g,
  ),
  prefixed(
    'tailscale-key',
    'tailscale_key',
    ['tskey-'],
    /(?<![A-Za-z0-9_-])tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}/g,
  ),
  {
    // A labelled header: `Authorization: Bearer …`, `Basic …`, `token …`, or the bare credential.
    id: 'authorization-header',
    kind: 'bearer_token',
    hints: ['authorization'],
    regex:
      /(?<![A-Za-z0-9-])(?:proxy-)?authorization\\?["']?\s{0,5}[:=]\s{0,5}\\?["']?(?:(?:Bearer|Basic|Token|Digest|Bot)\s{1,5})?(?<secret>[A-Za-z0-9._~+/=-]{8,4096})/dgi,
    secretGroups: ['secret'],
    accept: acceptValue,
  },
  {
    // `Bearer <token>` without its header name, as in `-H "$AUTH: Bearer …"`.
    id: 'bearer-token',
    kind: 'bearer_token',
    hints: ['bearer'],
    regex: /(?<![A-Za-z0-9])Bearer\s{1,5}(?<secret>[A-Za-z0-9._~+/-]{20,4096}=*)/dgi,
    secretGroups: ['secret'],
    accept: (secret) => acceptValue(secret) && looksMachineMade(secret),
  },
  {
    // `scheme://user:password@host`: basic-auth URLs and database connection strings.
    id: 'url-credentials',
    kind: 'url_credentials',
    hints: ['://'],
    regex:
      /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/?#@"'<>]{0,200}:(?<secret>[^\s/@"'<>]{1,300})@/dg,
    secretGroups: ['secret'],
    accept: acceptValue,
  },
  {
    // `mysql -pS3cret`, `mysqldump -p'pw'`: the MySQL clients take the password glued to `-p`.
    id: 'mysql-inline-password',
    kind: 'password_assignment',
    hints: ['mysql', 'mariadb'],
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9_-])(?:mysql[a-z]{0,10}|mariadb[a-z-]{0,10})(?=[\s])[^\n;|&]{0,300}?\s-p${optionValue}`,
      'dgi',
    ),
    secretGroups: valueGroups,
    accept: acceptOption,
  },
  {
    // `sshpass -p pw ssh host`.
    id: 'sshpass-password',
    kind: 'password_assignment',
    hints: ['sshpass'],
    regex: new RegExp(String.raw`(?<![A-Za-z0-9_-])sshpass\s[^\n;|&]{0,200}?-p\s{0,5}${optionValue}`, 'dgi'),
    secretGroups: valueGroups,
    accept: acceptOption,
  },
  {
    // `curl -u user:pw`, `--user=user:pw`, `--proxy-user`, and wget's and httpie's alike.
    id: 'http-client-user',
    kind: 'password_assignment',
    hints: ['curl', 'wget', 'http', 'xh '],
    regex:
      /(?<![A-Za-z0-9_-])(?:curl|wget|https?|xh|curlie)(?=\s)[^\n;|&]{0,500}?(?:\s-[a-zA-Z]{0,5}[uU]|\s--user|\s--proxy-user|\s-a|\s--auth)(?:\s{1,5}|=)?["']?[^\s:"']{0,200}:(?<secret>[^\s"'@]{1,300})/dgi,
    secretGroups: ['secret'],
    accept: acceptOption,
  },
  {
    // `openssl … -passin pass:pw`, `-passout pass:pw`, `-pass pass:pw`.
    id: 'openssl-pass',
    kind: 'password_assignment',
    hints: ['pass:'],
    regex: /(?<![A-Za-z0-9_-])-pass(?:in|out)?\s{1,5}pass:(?<secret>[^\s"']{1,300})/dgi,
    secretGroups: ['secret'],
    accept: acceptOption,
  },
  {
    // `--password hunter2`, `--api-key=…`, `--token …` on a command line.
    id: 'secret-option',
    kind: labelledKind,
    hints: ['passw', 'passphrase', 'secret', 'api-key', 'apikey', 'token', '--pass'],
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9-])--(?<label>(?:[a-z0-9]{1,40}-){0,4}(?<name>password|passwd|passphrase|pass|secret|api-key|apikey|token))(?<sep>=|\s{1,5})${labelledValue}`,
      'dgi',
    ),
    secretGroups: valueGroups,
    accept: (secret) => acceptOption(secret) && !secret.startsWith('-'),
  },
  {
    // `password=…`, `DB_PASSWORD: …`, `PGPASSWORD=…`, `"api_key": "…"`, `client_secret => '…'`.
    id: 'labelled-secret',
    kind: labelledKind,
    hints: labelledHints,
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9])(?<label>(?:[A-Za-z0-9]{1,40}[_.-]){0,4}[A-Za-z0-9]{0,20}?(?<name>${labelledNames}))\\?["']?(?<gap>\s{0,5})(?<sep>=>|[:=])(?!=)(?<gap2>\s{0,5})${labelledValue}`,
      'dgi',
    ),
    secretGroups: valueGroups,
    accept: acceptLabelled,
  },
  {
    // `MYSQL_PWD=…`, `REDIS_PASS=…`, `SMTP_PW=…`: short names, so only as a tight assignment
    // after a prefix (`PWD=` alone is the shell's working directory).
    id: 'short-password-assignment',
    kind: 'password_assignment',
    hints: ['pwd=', 'pass=', 'pw='],
    regex: new RegExp(
      `(?<![A-Za-z0-9])(?<label>(?:[A-Za-z0-9]{1,40}[_.-]){1,4}(?:pwd|pass|pw))=${labelledValue}`,
      'dgi',
    ),
    secretGroups: valueGroups,
    accept: (secret, match) => !/^old_?pwd$/i.test(match.groups?.label ?? '') && acceptOption(secret),
  },
];
