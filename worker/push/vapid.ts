import { fromBase64Url, toBase64Url, utf8 } from './base64url.ts';

/**
 * Voluntary Application Server Identification (RFC 8292): each push carries a JWT signed with
 * the relay's P-256 key (ES256) for the push service's origin, and that key's public half, so
 * the push service can tie the subscription to this relay and nobody else can push to it.
 */

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers take as `applicationServerKey`. */
  publicKey: string;
  /** The private scalar `d`, base64url (the format `web-push generate-vapid-keys` prints). */
  privateKey: string;
  /** `mailto:` or `https:` contact for the push service's operator. */
  subject: string;
}

/** How long a JWT is good for; RFC 8292 §2 allows at most 24 h, push services prefer less. */
export const jwtLifetimeSeconds = 12 * 60 * 60;

export class VapidConfigError extends Error {}

/** The relay's VAPID keys from its environment, or null when push is not configured. */
export function vapidFromEnv(env: {
  GATEHOUSE_VAPID_PUBLIC_KEY?: string;
  GATEHOUSE_VAPID_PRIVATE_KEY?: string;
  GATEHOUSE_VAPID_SUBJECT?: string;
}): VapidKeys | null {
  const publicKey = env.GATEHOUSE_VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.GATEHOUSE_VAPID_PRIVATE_KEY?.trim() ?? '';
  if (publicKey === '' || privateKey === '') return null;
  const point = fromBase64Url(publicKey);
  const scalar = fromBase64Url(privateKey);
  const subject = env.GATEHOUSE_VAPID_SUBJECT?.trim() || 'mailto:gatehouse@localhost';
  // A broken key turns push off rather than failing every request of the relay.
  if (point?.length !== 65 || point[0] !== 0x04 || !scalar || scalar.length !== 32) return null;
  if (!/^(mailto:|https:)/.test(subject)) return null;
  return { publicKey, privateKey, subject };
}

export async function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = fromBase64Url(keys.publicKey);
  if (point?.length !== 65) throw new VapidConfigError('the VAPID public key is not a P-256 point');
  try {
    return await crypto.subtle.importKey(
      'jwk',
      {
        kty: 'EC',
        crv: 'P-256',
        x: toBase64Url(point.subarray(1, 33)),
        y: toBase64Url(point.subarray(33, 65)),
        d: keys.privateKey,
      },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
  } catch {
    throw new VapidConfigError('the VAPID private key does not match its public key');
  }
}

/** `Authorization: vapid t=<JWT>, k=<public key>` for a push to `endpoint`. */
export async function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  key: CryptoKey,
  nowMs = Date.now(),
): Promise<string> {
  const header = toBase64Url(utf8(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = toBase64Url(
    utf8(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(nowMs / 1000) + jwtLifetimeSeconds,
        sub: keys.subject,
      }),
    ),
  );
  const signed = `${header}.${claims}`;
  // Web Crypto's ECDSA signature is already the JWS form: r ‖ s, 64 bytes.
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, utf8(signed));
  return `vapid t=${signed}.${toBase64Url(new Uint8Array(signature))}, k=${keys.publicKey}`;
}
