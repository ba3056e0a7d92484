import canonicalize from 'canonicalize';
import { sha256Hex } from '../digest/index.ts';

/**
 * Marks the hash input of an input holding lone surrogates (see `canonicalText`). Canonical JSON
 * of an object starts with `{`, so nothing else can begin with this and the two forms never
 * collide.
 */
const surrogateForm = '\u0000lone-surrogates\u0000';

/** JSON.stringify escapes a lone surrogate as `\udXXX`, so mapping every string through it is injective. */
function escapeStrings(value: unknown): unknown {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return value.map(escapeStrings);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      Object.defineProperty(out, JSON.stringify(key), {
        value: escapeStrings(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/**
 * RFC 8785 (JCS) canonical JSON of `input`. JCS refuses strings that are not well-formed
 * UTF-16, yet `JSON.parse` happily produces them from `"\ud800"`; such an input is hashed in a
 * separate, still canonical form rather than refused, so an agent cannot turn a grant lookup
 * into an error.
 */
function canonicalText(input: unknown): string {
  try {
    const text = canonicalize(input);
    if (text === undefined) throw new TypeError('the input has no JSON form');
    return text;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/surrogate/i.test(message)) throw new TypeError(`the input has no canonical JSON form: ${message}`);
    const text = canonicalize(escapeStrings(input));
    if (text === undefined) throw new TypeError('the input has no JSON form');
    return surrogateForm + text;
  }
}

/**
 * The key grants are stored and looked up by (DESIGN §5): the tool name, a colon, and the
 * SHA-256 hex of the RFC 8785 canonical JSON of the input — `Bash:9f86d0…`. Key order and
 * number spelling never change it; any other difference in the input does. Computed by the
 * relay, never taken from the caller. Rejects (TypeError) for values JSON cannot carry:
 * cycles, BigInt, NaN or Infinity.
 */
export async function approvalKey(tool: string, input: unknown): Promise<string> {
  return `${tool}:${await inputSha256(input)}`;
}

/**
 * The hex SHA-256 of the input's RFC 8785 canonical JSON: the second half of its approval key, and
 * the `input_sha256` an attestation binds the call to (docs/attestation.md). Rejects as
 * `approvalKey` does.
 */
export async function inputSha256(input: unknown): Promise<string> {
  return sha256Hex(canonicalText(input));
}
