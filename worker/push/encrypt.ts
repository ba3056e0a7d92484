import { fromBase64Url } from './base64url.ts';

/**
 * Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188):
 * one record, encrypted with Web Crypto for the subscriber's P-256 key (`p256dh`) and auth
 * secret, so the push service carries bytes it cannot read.
 */

export interface SubscriberKeys {
  /** The browser's P-256 public key, uncompressed point, base64url. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
}

/** A fresh sender key pair and salt for each message; fixed ones only reproduce a known answer. */
export interface MessageSecrets {
  salt: Uint8Array;
  sender: CryptoKeyPair;
}

/** RFC 8188 §2: the record size written in the header; one record always fits in it here. */
const recordSize = 4096;
/** salt (16) + record size (4) + key id length (1) + sender key (65). */
const headerBytes = 86;
/** AES-GCM tag (16) + the last record's delimiter (1). */
const overheadBytes = 17;
/**
 * Push services must accept 4096 bytes of body (RFC 8030 §7.2); what is left for the message.
 * A payload that does not fit is refused, never truncated: a cut JSON would not parse anyway.
 */
export const maxPlaintextBytes = recordSize - headerBytes - overheadBytes;

const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;
const text = (value: string) => new TextEncoder().encode(value);

export class PushKeyError extends Error {}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', concat(ikm), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: concat(salt), info: concat(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** The subscriber's keys, checked: a 65-byte uncompressed point on P-256 and a 16-byte secret. */
export async function importSubscriber(
  keys: SubscriberKeys,
): Promise<{ publicKey: CryptoKey; point: Uint8Array; auth: Uint8Array }> {
  const point = fromBase64Url(keys.p256dh);
  const auth = fromBase64Url(keys.auth);
  if (point?.length !== 65 || point[0] !== 0x04)
    throw new PushKeyError('keys.p256dh must be an uncompressed P-256 point (65 bytes, base64url)');
  if (auth?.length !== 16) throw new PushKeyError('keys.auth must be 16 bytes, base64url');
  try {
    const publicKey = await crypto.subtle.importKey('raw', concat(point), ecdh, false, []);
    return { publicKey, point, auth };
  } catch {
    throw new PushKeyError('keys.p256dh is not a point on P-256');
  }
}

export async function freshSecrets(): Promise<MessageSecrets> {
  const sender = (await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])) as CryptoKeyPair;
  return { salt: crypto.getRandomValues(new Uint8Array(16)), sender };
}

/** The encrypted body: RFC 8188 header (salt, rs, sender key) followed by the one record. */
export async function encryptPush(
  plaintext: Uint8Array,
  keys: SubscriberKeys,
  secrets?: MessageSecrets,
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > maxPlaintextBytes)
    throw new RangeError(`a push message holds at most ${maxPlaintextBytes} bytes, not ${plaintext.length}`);
  const subscriber = await importSubscriber(keys);
  const { salt, sender } = secrets ?? (await freshSecrets());
  const senderPoint = new Uint8Array(await crypto.subtle.exportKey('raw', sender.publicKey));
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: subscriber.publicKey }, sender.privateKey, 256),
  );
  // RFC 8291 §3.4: the auth secret and both public keys go into the input keying material.
  const ikm = await hkdf(
    subscriber.auth,
    shared,
    concat(text('WebPush: info\0'), subscriber.point, senderPoint),
    32,
  );
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', concat(cek), 'AES-GCM', false, ['encrypt']);
  // 0x02 marks the last (and only) record; no further padding.
  const record = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: concat(nonce) },
    key,
    concat(plaintext, Uint8Array.of(0x02)),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = senderPoint.length;
  return concat(header, senderPoint, new Uint8Array(record));
}
