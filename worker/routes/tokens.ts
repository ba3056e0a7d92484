import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { IssuedToken, TokenInfo, TokenList, TokenRequest } from '../../shared/contract/index.ts';
import { notFound } from '../common/errors.ts';
import { access, failures, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { ownWorkspace } from './stubs.ts';

const issueToken = createRoute({
  method: 'post',
  path: '/tokens',
  summary: 'Issue a token (the secret is shown once)',
  ...access(['admin']),
  request: requestJson(TokenRequest),
  responses: { 201: jsonAnswer(IssuedToken, 'the token, shown this once') },
});

const listTokens = createRoute({
  method: 'get',
  path: '/tokens',
  summary: 'List tokens (never secrets or hashes)',
  ...access(['admin']),
  responses: { 200: jsonAnswer(TokenList, 'the tokens') },
});

const revokeToken = createRoute({
  method: 'delete',
  path: '/tokens/{id}',
  summary: 'Revoke a token; its next use is a 401',
  ...access(['admin']),
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: jsonAnswer(TokenInfo, 'the revoked token'), ...failures(404) },
});

/** Issue (shown once), list (never a hash) and revoke the workspace's tokens. Admin only. */
export const tokenRoutes = openApiRoutes()
  .openapi(issueToken, async (c) => {
    const request = c.req.valid('json');
    const issued: IssuedToken = await ownWorkspace(c).issueToken({
      role: request.role,
      label: request.label ?? null,
    });
    return c.json(issued, 201);
  })
  .openapi(listTokens, async (c) => c.json({ tokens: await ownWorkspace(c).listTokens() }, 200))
  .openapi(revokeToken, async (c) => {
    const revoked = await ownWorkspace(c).revokeToken(c.req.valid('param').id);
    if (!revoked) throw notFound('no such token in this workspace');
    const body: TokenInfo = revoked;
    return c.json(body, 200);
  });
