import { z } from 'zod';
import { ActorRef } from './authority.ts';
import { PermissionDecisionSource, ResolutionSource, Risk, Scope } from './decision.ts';
import { StepUpLevel } from './step-up.ts';

/** The JWS `typ` of an attestation (docs/attestation.md). */
export const attestationType = 'gatehouse-attestation+jwt';

/** How long an outcome decided at once stays usable: the agent runs it now or never (DESIGN §9). */
export const attestationLifetimeSeconds = 300;

/** The protected header of every attestation: EdDSA (Ed25519), the key's RFC 7638 thumbprint. */
export const AttestationHeader = z.object({
  alg: z.literal('EdDSA'),
  kid: z.string().min(1).max(128),
  typ: z.literal(attestationType),
});
export type AttestationHeader = z.infer<typeof AttestationHeader>;

/** A WebAuthn assertion as the relay verified it (base64url members, WebAuthn's JSON serialisation). */
export const AttestedAssertion = z.object({
  credentialId: z.string(),
  authenticatorData: z.string(),
  clientDataJSON: z.string(),
  signature: z.string(),
});
export type AttestedAssertion = z.infer<typeof AttestedAssertion>;

/**
 * What the relay signs for every outcome that lets a call run and every deny (docs/attestation.md
 * fixes each member). `input_sha256` binds it to the input that runs, `tcid` to the call.
 */
export const AttestationPayload = z.object({
  iss: z.string(),
  ws: z.string(),
  sid: z.string(),
  tcid: z.string(),
  tool: z.string(),
  input_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  outcome: z.enum(['allow', 'deny']),
  source: z.union([PermissionDecisionSource, ResolutionSource]),
  risk: Risk,
  stepUp: StepUpLevel,
  scope: Scope.optional(),
  iid: z.string().optional(),
  actor: ActorRef.optional(),
  webauthn: AttestedAssertion.optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AttestationPayload = z.infer<typeof AttestationPayload>;

/** A compact JWS: three base64url parts. */
export const CompactJws = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'a compact JWS');
