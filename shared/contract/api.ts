import { z } from 'zod';
import { limits } from './limits.ts';

export const ErrorCode = z.enum([
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'expired',
  'payload_too_large',
  'rate_limited',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error the relay answers: `{error: {code, message, details?}}`. */
export const ErrorBody = z.object({
  error: z.object({ code: ErrorCode, message: z.string(), details: z.unknown().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Role = z.enum(['agent', 'approver', 'admin']);
export type Role = z.infer<typeof Role>;

/** `POST /tokens`. */
export const TokenRequest = z.object({ role: Role, label: z.string().max(limits.labelLength).optional() });
/** Shown once; only its SHA-256 is kept. */
export const IssuedToken = z.object({
  id: z.string(),
  role: Role,
  label: z.string().nullable(),
  token: z.string(),
});
export type IssuedToken = z.infer<typeof IssuedToken>;

/** `POST /pair`. */
export const PairRequest = z.object({
  code: z.string().min(4).max(64),
  /** The device, as its approver token is named in every answer it gives ("Chrome on Linux", "Phone"). */
  label: z.string().min(1).max(limits.labelLength).optional(),
});
export const PairResponse = z.object({ token: z.string(), workspaceId: z.string() });
export type PairResponse = z.infer<typeof PairResponse>;
/** `POST /pairing-codes`. */
export const PairingCode = z.object({ code: z.string(), expiresAt: z.string(), url: z.string() });
export type PairingCode = z.infer<typeof PairingCode>;
