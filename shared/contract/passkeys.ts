import { z } from 'zod';
import { limits } from './limits.ts';
import { StepUpSetting } from './step-up.ts';

// Passkeys for risky approvals (docs/attestation.md "Passkeys"). Ceremony shapes are WebAuthn's
// JSON serialisation (WebAuthn L3 §5.1.8, §5.1.9), as `@simplewebauthn` reads and writes them;
// they are checked here only as far as the relay relies on their shape, the library does the rest.

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'base64url without padding');

/** A passkey's name, shown in lists: e.g. "MacBook Touch ID". */
export const PasskeyName = z.string().trim().min(1).max(limits.labelLength);

/** `AuthenticationResponseJSON`: what `navigator.credentials.get()` returns, serialised. */
export const AuthenticationResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

/** `RegistrationResponseJSON`: what `navigator.credentials.create()` returns, serialised. */
export const RegistrationResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/**
 * `POST /passkeys`: the new credential, its name, and — for any passkey after the first, unless
 * the caller is the admin — an assertion by an existing passkey over the same challenge.
 */
export const PasskeyRegistration = z.strictObject({
  response: RegistrationResponse,
  name: PasskeyName.optional(),
  assertion: AuthenticationResponse.optional(),
});
export type PasskeyRegistration = z.infer<typeof PasskeyRegistration>;

/** `PATCH /passkeys/{id}`: a new name. */
export const PasskeyRename = z.strictObject({ name: PasskeyName });

/** A passkey's public key as a JWK (RFC 7517): EC P-256, OKP Ed25519 or RSA. */
export const PasskeyPublicKey = z.union([
  z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: base64url, y: base64url }),
  z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: base64url }),
  z.object({ kty: z.literal('RSA'), n: base64url, e: base64url }),
]);
export type PasskeyPublicKey = z.infer<typeof PasskeyPublicKey>;

/** One registered passkey as listed: `id` is the credential id (base64url). */
export const PasskeyEntry = z.object({
  id: z.string(),
  name: z.string(),
  publicKey: PasskeyPublicKey,
});
export type PasskeyEntry = z.infer<typeof PasskeyEntry>;

/** The JWS `typ` of the relay's signature over a passkey list. */
export const passkeyListType = 'gatehouse-passkeys+jwt';

/** What the relay signs over a passkey list: the list, the setting, the workspace, when. */
export const SignedPasskeyList = z.object({
  ws: z.string(),
  passkeys: z.array(PasskeyEntry),
  stepUp: StepUpSetting,
  iat: z.number().int(),
});
export type SignedPasskeyList = z.infer<typeof SignedPasskeyList>;

/** `GET /passkeys`: the list and the setting, with `signature` a compact JWS over them. */
export const PasskeyList = z.object({
  passkeys: z.array(PasskeyEntry),
  stepUp: StepUpSetting,
  signature: z.string().nullable(),
});
export type PasskeyList = z.infer<typeof PasskeyList>;

/** `POST /passkeys` → 201. */
export const PasskeyCreated = PasskeyEntry.extend({ createdAt: z.string() });
