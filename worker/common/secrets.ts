/**
 * Randomness, hashing and comparison for everything secret the workspace hands out (tokens,
 * pairing codes, WebSocket tickets). Secrets are kept only as SHA-256 hex; a presented secret is
 * hashed and the two fixed-length digests are compared in constant time.
 */

/** workerd's non-standard constant-time compare (the DOM typings of SubtleCrypto lack it). */
const subtle = crypto.subtle as SubtleCrypto & {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
};

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';

function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** `prefix` + random lowercase base32 (5 bits a character); ids are not secrets, only unique. */
export function randomId(prefix: string, characters = 16): string {
  let id = prefix;
  for (const byte of randomBytes(characters)) id += base32[byte & 31];
  return id;
}

/** A base64url secret of `bytes` random bytes (256 bits by default). */
export function randomSecret(bytes = 32): string {
  let binary = '';
  for (const byte of randomBytes(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** `length` characters drawn uniformly from `alphabet` (rejection sampling, so no modulo bias). */
export function randomFrom(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/** Constant-time equality of a presented secret with a stored SHA-256 hex digest. */
export async function matchesDigest(secret: string, storedHex: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(storedHex)) return false;
  const presented = new Uint8Array(await sha256(secret));
  const stored = new Uint8Array(32);
  for (let i = 0; i < 32; i++) stored[i] = Number.parseInt(storedHex.slice(i * 2, i * 2 + 2), 16);
  return subtle.timingSafeEqual(presented, stored);
}

/** Constant-time equality of two secrets of any length (their digests are compared). */
export async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(presented), sha256(expected)]);
  return subtle.timingSafeEqual(a, b);
}
