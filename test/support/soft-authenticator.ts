// A software WebAuthn authenticator (P-256, ES256) for tests, with nothing but Web Crypto: it
// builds authenticatorData, clientDataJSON and the attestation object (fmt "none") itself, the
// way WebAuthn L3 §6.1 and §6.5.4 lay them out, so the relay and the agent check real ceremonies.

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Minimal CBOR (RFC 8949) for what an attestation object needs: ints, bytes, text, maps. */
type Cbor = number | Uint8Array | string | Map<Cbor, Cbor>;
function cborHead(major: number, value: number): Uint8Array {
  if (value < 24) return new Uint8Array([(major << 5) | value]);
  if (value < 256) return new Uint8Array([(major << 5) | 24, value]);
  return new Uint8Array([(major << 5) | 25, value >> 8, value & 0xff]);
}
function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = utf8(value);
    return concat(cborHead(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(cborHead(2, value.length), value);
  const entries = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return concat(cborHead(5, value.size), ...entries);
}

/** Web Crypto's r ‖ s → the ASN.1 DER form WebAuthn carries. */
function rawToDer(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    let trimmed = bytes.subarray(start);
    if ((trimmed[0] ?? 0) & 0x80) trimmed = concat(new Uint8Array([0]), trimmed);
    return concat(new Uint8Array([0x02, trimmed.length]), trimmed);
  };
  const body = concat(integer(raw.subarray(0, 32)), integer(raw.subarray(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface SoftCredential {
  id: string;
  keys: CryptoKeyPair;
  counter: number;
}

export interface AssertionChoices {
  /** User verified (default true). */
  uv?: boolean;
  type?: string;
  origin?: string;
  rpId?: string;
  /** Counter to report (default: one more than the last). */
  counter?: number;
}

/** One authenticator holding credentials for `rpId`, answering from `origin`. */
export function softAuthenticator(rpId = 'localhost', origin = 'http://relay') {
  const credentials: SoftCredential[] = [];
  const flagsOf = (uv: boolean, attested = false) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);
  const counterBytes = (n: number) =>
    new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

  return {
    credentials,
    /** `navigator.credentials.create()` for the options' challenge: a RegistrationResponseJSON. */
    async create(options: { challenge: string }, choices: { uv?: boolean; origin?: string } = {}) {
      const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
        'sign',
        'verify',
      ])) as CryptoKeyPair;
      const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
      const fromB64 = (text: string) =>
        Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
      const rawId = crypto.getRandomValues(new Uint8Array(16));
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, fromB64(jwk.x!)],
          [-3, fromB64(jwk.y!)],
        ]),
      );
      const authData = concat(
        await sha256(utf8(rpId)),
        new Uint8Array([flagsOf(choices.uv ?? true, true)]),
        counterBytes(0),
        new Uint8Array(16),
        new Uint8Array([0, rawId.length]),
        rawId,
        cose,
      );
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const clientDataJSON = utf8(
        JSON.stringify({
          type: 'webauthn.create',
          challenge: options.challenge,
          origin: choices.origin ?? origin,
          crossOrigin: false,
        }),
      );
      const id = b64url(rawId);
      credentials.push({ id, keys, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** `navigator.credentials.get()` for `challenge` with credential `id` (default: the first). */
    async get(challenge: string, id?: string, choices: AssertionChoices = {}) {
      const credential = id ? credentials.find((c) => c.id === id) : credentials[0];
      if (!credential) throw new Error('no such credential');
      credential.counter = choices.counter ?? credential.counter + 1;
      const authenticatorData = concat(
        await sha256(utf8(choices.rpId ?? rpId)),
        new Uint8Array([flagsOf(choices.uv ?? true)]),
        counterBytes(credential.counter),
      );
      const clientDataJSON = utf8(
        JSON.stringify({
          type: choices.type ?? 'webauthn.get',
          challenge,
          origin: choices.origin ?? origin,
          crossOrigin: false,
        }),
      );
      const signed = concat(authenticatorData, await sha256(clientDataJSON));
      const raw = new Uint8Array(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          credential.keys.privateKey,
          signed as Uint8Array<ArrayBuffer>,
        ),
      );
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(rawToDer(raw)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
