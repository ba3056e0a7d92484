/**
 * Judgements about the value half of `name=value` pairs: whether it is a real secret or
 * something that only names one (a variable, a template slot, a placeholder). Shared by the
 * labelled patterns and the sensitive-key check so both draw the line in the same place.
 */

/** `$VAR`, `${VAR}`, `$(cmd)`, `%VAR%`, `{{ var }}`, `<password>`, `[REDACTED:…]`. */
const reference = /^(?:\$|%[A-Za-z_][A-Za-z0-9_]*%$|\{\{|<[^>]*>$|\[REDACTED)/;

/** Words that stand where a secret would go in docs, schemas and examples. */
const placeholderWord =
  /^(?:your|my|some|the|enter|insert|a)?[_ -]?(?:api[_ -]?)?(?:password|passwd|pass|secret|token|key|value|example|placeholder|changeme|dummy|redacted|hidden|null|nil|none|undefined|true|false|empty|string|str|required|optional|xxx+)(?:[_ -]?here)?$/i;

/** A string made of one repeated character: `****`, `xxxx`, `....`. */
const repeated = /^(.)\1*$/s;

/** `req.body.password`, `process.env.DB_PASSWORD`, `os.environ`: code naming a value, not a value. */
const dottedPath = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** True when `value` only refers to or stands in for a secret, so it is not one itself. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return (
    trimmed.length === 0 ||
    reference.test(trimmed) ||
    repeated.test(trimmed) ||
    placeholderWord.test(trimmed) ||
    dottedPath.test(trimmed)
  );
}

/**
 * Whether a bare word looks machine-made rather than written: letters mixed with digits, or
 * with the punctuation passwords use, or long with several capitals. Used where the context
 * alone (`password: …` in prose or YAML, `password = …` in code) is too weak to call a word a
 * secret, so "password: please reset it" stays prose while "password: hunter2" is caught.
 */
export function looksMachineMade(value: string): boolean {
  if (/\s/.test(value)) return false;
  const letter = /[A-Za-z]/.test(value);
  if (!letter) return /\d/.test(value) && value.length >= 6;
  if (/\d/.test(value)) return true;
  if (/[!@#$%^&*+=~?]/.test(value)) return true;
  const capitals = value.slice(1).replace(/[^A-Z]/g, '').length;
  return value.length >= 16 && capitals >= 2 && /[a-z]/.test(value);
}

/** Upper- and lower-case letters and digits together: how random API key bodies look. */
export function hasMixedCaseAndDigits(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}
