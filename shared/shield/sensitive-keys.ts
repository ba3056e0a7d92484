import type { SecretKind } from './kinds.ts';

/**
 * Object keys whose value is a credential whatever it looks like: `password`, `apiKey`,
 * `DB_PASSWORD`, `x-api-key`, `Authorization`, `Cookie`, `client_secret`, … Pagination
 * cursors (`page_token`, `nextToken`) are called tokens but guard nothing, so they are not.
 */
const sensitive =
  /(?:(?:^|_)(?:password|passwd|passphrase|secret|token|api_?key|authorization|auth|cookie|private_?key|secret_?key|access_?key)|[a-z0-9]_pwd)$/;
const cursor = /(?:^|_)(?:page|next|prev|previous|continuation|pagination|cursor|sync|resume)_token$/;

/** `apiKey`, `API-KEY`, `api.key` → `api_key`. */
function normalizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The kind of secret a value under `key` is, or `null` when the key names nothing sensitive. */
export function sensitiveKeyKind(key: string): SecretKind | null {
  if (typeof key !== 'string' || key.length > 200) return null;
  const normalized = normalizeKey(key);
  if (!sensitive.test(normalized) || cursor.test(normalized)) return null;
  if (/passw(?:or)?d|passphrase|_pwd$/.test(normalized)) return 'password_assignment';
  if (/(?:^|_)authorization$/.test(normalized)) return 'bearer_token';
  if (/(?:^|_)cookie$/.test(normalized)) return 'cookie';
  return 'generic_api_key';
}

/**
 * The `{name: "DB_PASSWORD", value: "…"}` shape of container env lists and similar: the name
 * lives in a sibling field. Returns the sensitive name when `record` is such a pair.
 */
export function sensitivePairName(record: Record<string, unknown>): string | null {
  if (!Object.hasOwn(record, 'value')) return null;
  for (const field of ['name', 'key', 'Name', 'Key']) {
    const name = Object.hasOwn(record, field) ? record[field] : undefined;
    if (typeof name === 'string' && sensitiveKeyKind(name)) return name;
  }
  return null;
}
