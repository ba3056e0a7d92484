import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { signCompact } from '../../shared/attestation/index.ts';
import {
  AuthenticationResponse,
  Identifier,
  PasskeyCreated,
  PasskeyEntry,
  PasskeyList,
  PasskeyRegistration,
  PasskeyRename,
  passkeyListType,
  SessionId,
  type SignedPasskeyList,
  StepUpOptionsRequest,
} from '../../shared/contract/index.ts';
import { loadRelayKey, SigningKeyError } from '../attestation/relay-keys.ts';
import { access, failures, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { callerOf, sessionOf, unwrap } from '../http/session-calls.ts';
import type { PasskeyListing } from '../rpc.ts';
import { ownWorkspace } from './stubs.ts';

const CeremonyOptions = z.record(z.string(), z.unknown());
const PasskeyParams = z.object({ id: z.string().min(1).max(1024) });
const PasskeyRemoval = z.strictObject({ assertion: AuthenticationResponse.optional() });

const stepUpOptions = createRoute({
  method: 'post',
  path: '/sessions/{sid}/interactions/{iid}/step-up-options',
  summary:
    'Request options (PublicKeyCredentialRequestOptionsJSON) for approving this question with a passkey: the challenge is the base64url SHA-256 of the JCS attestation payload this answer will be signed with',
  ...access(['approver']),
  request: {
    params: z.object({ sid: SessionId, iid: Identifier }),
    ...requestJson(StepUpOptionsRequest),
  },
  responses: {
    200: jsonAnswer(CeremonyOptions, 'the request options'),
    ...failures(400, 403, 404, 409, 410),
  },
});

const registrationOptions = createRoute({
  method: 'post',
  path: '/passkeys/registration-options',
  summary:
    'Options for registering a passkey (PublicKeyCredentialCreationOptionsJSON); the challenge is kept five minutes for this token',
  ...access(['approver']),
  responses: { 200: jsonAnswer(CeremonyOptions, 'the creation options') },
});

const assertionOptions = createRoute({
  method: 'post',
  path: '/passkeys/assertion-options',
  summary:
    'Options for proving an existing passkey (PublicKeyCredentialRequestOptionsJSON) before registering a further one or removing one',
  ...access(['approver']),
  responses: { 200: jsonAnswer(CeremonyOptions, 'the request options'), ...failures(409) },
});

const register = createRoute({
  method: 'post',
  path: '/passkeys',
  summary:
    'Register a passkey: the first needs a token paired within 10 minutes or the admin; a further one an `assertion` by an existing passkey or the admin',
  ...access(['approver']),
  request: requestJson(PasskeyRegistration),
  responses: { 201: jsonAnswer(PasskeyCreated, 'the registered passkey'), ...failures(400, 403, 409) },
});

const list = createRoute({
  method: 'get',
  path: '/passkeys',
  summary:
    "The workspace's passkeys (public keys as JWKs) and its step-up setting, with `signature` a JWS by the relay's attestation key over them",
  ...access(['agent', 'approver']),
  responses: { 200: jsonAnswer(PasskeyList, 'the passkeys') },
});

const rename = createRoute({
  method: 'patch',
  path: '/passkeys/{id}',
  summary: 'Rename a passkey',
  ...access(['approver']),
  request: { params: PasskeyParams, ...requestJson(PasskeyRename) },
  responses: { 200: jsonAnswer(PasskeyEntry, 'the renamed passkey'), ...failures(404) },
});

const remove = createRoute({
  method: 'delete',
  path: '/passkeys/{id}',
  summary: 'Remove a passkey: the admin any; an approver with an `assertion` by an existing passkey',
  ...access(['approver']),
  request: { params: PasskeyParams, ...requestJson(PasskeyRemoval) },
  responses: { 200: jsonAnswer(PasskeyEntry, 'the removed passkey'), ...failures(403, 404) },
});

/**
 * The list as agents pin it (docs/attestation.md "Passkeys"): `signature` is a compact JWS by the
 * relay's attestation key over `{ws, passkeys, stepUp, iat}`; null when the relay has no key.
 */
async function signedList(env: Env, listing: PasskeyListing): Promise<PasskeyList> {
  let signature: string | null = null;
  try {
    const key = await loadRelayKey(env);
    if (key) {
      const payload: SignedPasskeyList = {
        ws: listing.workspaceId,
        passkeys: listing.passkeys,
        stepUp: listing.stepUp,
        iat: Math.floor(Date.now() / 1000),
      };
      signature = await signCompact({ alg: 'EdDSA', kid: key.kid, typ: passkeyListType }, payload, key.key);
    }
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    console.error(error.message);
  }
  return { passkeys: listing.passkeys, stepUp: listing.stepUp, signature };
}

/** `/passkeys`: register, list (signed), rename and remove the workspace's passkeys. */
export const passkeyRoutes = openApiRoutes()
  .openapi(stepUpOptions, async (c) => {
    const { sid, iid } = c.req.valid('param');
    const caller = callerOf(c, sid);
    const options = unwrap(
      await sessionOf(c, caller).stepUpOptions(caller, iid, c.req.valid('json'), c.req.url),
    );
    return c.json(options as Record<string, unknown>, 200);
  })
  .openapi(registrationOptions, async (c) =>
    c.json(
      unwrap(await ownWorkspace(c).passkeyRegistrationOptions(c.var.principal, c.req.url)) as Record<
        string,
        unknown
      >,
      200,
    ),
  )
  .openapi(assertionOptions, async (c) =>
    c.json(
      unwrap(await ownWorkspace(c).passkeyAssertionOptions(c.var.principal, c.req.url)) as Record<
        string,
        unknown
      >,
      200,
    ),
  )
  .openapi(register, async (c) => {
    const created = unwrap(
      await ownWorkspace(c).registerPasskey(c.var.principal, c.req.valid('json'), c.req.url),
    );
    return c.json(created, 201);
  })
  .openapi(list, async (c) => c.json(await signedList(c.env, await ownWorkspace(c).listPasskeys()), 200))
  .openapi(rename, async (c) =>
    c.json(
      unwrap(await ownWorkspace(c).renamePasskey(c.req.valid('param').id, c.req.valid('json').name)),
      200,
    ),
  )
  .openapi(remove, async (c) => {
    const removed = unwrap(
      await ownWorkspace(c).removePasskey(
        c.var.principal,
        c.req.valid('param').id,
        c.req.valid('json').assertion,
        c.req.url,
      ),
    );
    return c.json(removed, 200);
  });
