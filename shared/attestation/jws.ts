import { fromBase64Url, toBase64Url, utf8 } from './base64url.ts';

/** A compact JWS taken apart (RFC 7515 §7.1); nothing in it is trusted until `verifyCompact`. */
export interface CompactParts {
  header: unknown;
  /** The payload as JSON; undefined when it is not JSON (RFC 7515 allows any bytes). */
  payload: unknown;
  /** `BASE64URL(header) '.' BASE64URL(payload)`: the bytes the signature covers. */
  signingInput: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

const encodeJson = (value: unknown) => toBase64Url(utf8(JSON.stringify(value)));

function decodeJson(part: string): unknown {
  const bytes = fromBase64Url(part);
  if (bytes === null) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** Signs `payload` under `header` with an Ed25519 key (RFC 8037 §3.1): a compact JWS. */
export async function signCompact(header: object, payload: object, key: CryptoKey): Promise<string> {
  const signingInput = `${encodeJson(header)}.${encodeJson(payload)}`;
  const signature = await crypto.subtle.sign('Ed25519', key, utf8(signingInput));
  return `${signingInput}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The parts of a compact JWS, or null when it is not one (three base64url parts, a JSON header). */
export function splitCompact(jws: string): CompactParts | null {
  const parts = jws.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', sig = ''] = parts;
  const header = decodeJson(head);
  const payload = decodeJson(body);
  const signature = fromBase64Url(sig);
  if (header === undefined || fromBase64Url(body) === null || signature === null) return null;
  return { header, payload, signingInput: utf8(`${head}.${body}`), signature };
}

/** Whether the signature of `parts` is `key`'s over exactly its signing input. */
export async function verifyCompact(parts: CompactParts, key: CryptoKey): Promise<boolean> {
  try {
    return await crypto.subtle.verify('Ed25519', key, parts.signature, parts.signingInput);
  } catch {
    return false;
  }
}
