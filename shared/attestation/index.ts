// Signed outcomes (DESIGN §9, docs/attestation.md): Ed25519 compact JWS, RFC 7638 key ids.

export { type AssertionCheck, checkAssertion, derToRawEcdsa } from './assertion.ts';
export { fromBase64Url, toBase64Url } from './base64url.ts';
export { type AttestationCheck, type AttestationExpectation, checkAttestation } from './check.ts';
export { type CompactParts, signCompact, splitCompact, verifyCompact } from './jws.ts';
export {
  generateSigningJwk,
  importSigningKey,
  importVerifyKey,
  Jwks,
  PublicJwk,
  publicJwkOf,
  SigningJwk,
  thumbprint,
} from './keys.ts';
export { needsPasskey, stepUpChallenge, stepUpInForce, stricterStepUp } from './step-up.ts';
export { checkStepUp, type PinnedStepUp } from './step-up-check.ts';
