import { z } from 'zod';
import {
  AuthenticationResponse,
  InteractionId,
  PasskeyName,
  RegistrationResponse,
  SessionId,
  StepUpOptionsRequest,
} from '../../shared/contract/index.ts';

/**
 * The shapes of the passkey requests (`passkey-messages.ts`) the background admits, from the
 * contract's own schemas: a page cannot send the relay, through the background, what the relay's
 * routes would not take.
 */

/** A credential id: base64url, as the relay lists it. */
const PasskeyId = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/, 'a base64url credential id');

export const passkeyRequestSchemas = [
  z.object({ type: z.literal('passkeyList') }).strict(),
  z.object({ type: z.literal('passkeyRegistrationOptions') }).strict(),
  z.object({ type: z.literal('passkeyAssertionOptions') }).strict(),
  z
    .object({
      type: z.literal('passkeyRegister'),
      response: RegistrationResponse,
      name: PasskeyName.optional(),
      assertion: AuthenticationResponse.optional(),
    })
    .strict(),
  z.object({ type: z.literal('passkeyRename'), id: PasskeyId, name: PasskeyName }).strict(),
  z
    .object({ type: z.literal('passkeyRemove'), id: PasskeyId, assertion: AuthenticationResponse.optional() })
    .strict(),
  z
    .object({
      type: z.literal('stepUpOptions'),
      sessionId: SessionId,
      interactionId: InteractionId,
      answer: StepUpOptionsRequest.shape.answer,
    })
    .strict(),
] as const;
