import { limits } from '../contract/index.ts';
import { isPathKeyHinted } from './file-access.ts';
import { rememberedForKeys } from './key-memo.ts';
import { mayHoldSecret, mayHoldSecretBySieve, shortestSecret } from './match.ts';
import { sensitiveKeyKind } from './sensitive-keys.ts';
import { type HintedText, textHints } from './text-hints.ts';

/**
 * A quick "certainly clean" for the input most calls carry: one flat record of a few fields
 * (`{command, description, timeout}`, `{url, prompt}`) whose field names say nothing and whose
 * strings the pair sieve finds no hint of a secret in. Such an input gives `findSecrets` no finding and the path walk
 * of `secretFileAccess` no path, so the shield need not walk it twice more. Anything else (a
 * nested value, a field name that may matter, a hint, a throwing getter) answers "maybe" and gets
 * the general walks; `shield-plain-fastpath.test.ts` checks that a "certainly clean" is never wrong.
 */

/** More fields than this are left to the general walks, which count them against their bounds. */
const MOST_FIELDS = 64;

/**
 * A field name none of the walks reacts to: no secret hint (`findSecrets` scans keys), no
 * sensitive name (its value would count whatever it looks like), no path field (`pathValues`),
 * and not `value`, whose sibling `name` may make it sensitive (`sensitivePairName`).
 */
function isInertKey(key: string): boolean {
  return key !== 'value' && sensitiveKeyKind(key) === null && !isPathKeyHinted(key) && !mayHoldSecret(key);
}

/** Field names repeat call after call: one remembered verdict answers all four questions. */
const inertKey = rememberedForKeys(isInertKey);

/**
 * What the look at an input found: `true` for a plain input, which the walks would find nothing
 * in; else the string whose hint of a secret made it not plain, with its hints, so that the walk
 * need not read it again; else `undefined`.
 */
export type PlainLook = true | HintedText | undefined;

/**
 * Whether `input` is a flat record the shield's walks would find nothing in. `tool` is the call's
 * tool (Glob's `pattern` is a path); `known` is a text of the input whose hints the caller has
 * already (the call's command), so it is not read again.
 */
export function plainLook(input: unknown, tool: string, known: HintedText | undefined): PlainLook {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  try {
    const record = input as Record<string, unknown>;
    let fields = 0;
    let chars = 0;
    // `for…in` reads a record's own keys in `Object.keys` order without making their list; keys it
    // inherits (none, on a parsed input) only add to what must be inert.
    for (const key in record) {
      if (++fields > MOST_FIELDS || !inertKey(key) || (tool === 'Glob' && key === 'pattern'))
        return undefined;
      chars += key.length;
      const value = record[key];
      if (typeof value === 'string') {
        chars += value.length;
        // The sieve alone: a string it lets through goes to the walk, which runs the hint regex once.
        if (value.length < shortestSecret) continue;
        const hints = known !== undefined && known.text === value ? known.hints : textHints(value);
        if (mayHoldSecretBySieve(value, hints)) return { text: value, hints };
      } else if (typeof value === 'object' && value !== null) return undefined;
    }
    // Well within the general walk's character bound (`findSecrets` reports an input past it
    // unscanned); wire inputs are bounded to this size anyway.
    return chars <= limits.inputChars ? true : undefined;
  } catch {
    // A getter that throws, a revoked proxy: the general walks say what that means.
    return undefined;
  }
}

/** Whether `input` is plain (see `plainLook`). */
export function isPlainInput(input: unknown, tool: string, known: HintedText | undefined): boolean {
  return plainLook(input, tool, known) === true;
}
