import { createRoute } from '@hono/zod-openapi';
import { Jwks } from '../../shared/attestation/index.ts';
import { relayJwks, SigningKeyError } from '../attestation/relay-keys.ts';
import { ApiError } from '../common/errors.ts';
import { jsonAnswer, open, openApiRoutes } from '../http/openapi.ts';

const jwks = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  summary:
    "The relay's attestation keys (RFC 7517; Ed25519, `kid` = RFC 7638 thumbprint): the signing key, then rotated-out keys still listed (docs/attestation.md)",
  ...open,
  responses: { 200: jsonAnswer(Jwks, 'the public keys attestations are signed with') },
});

/** `GET /.well-known/jwks.json`, open to anyone: verifying an attestation needs no token. */
export const jwksRoutes = openApiRoutes().openapi(jwks, async (c) => {
  try {
    return c.json(await relayJwks(c.env), 200, { 'cache-control': 'public, max-age=300' });
  } catch (error) {
    if (error instanceof SigningKeyError) {
      console.error(error.message);
      throw new ApiError(500, 'internal', 'the relay has no usable signing key configuration');
    }
    throw error;
  }
});
