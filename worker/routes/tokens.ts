import { Hono } from 'hono';
import { IssuedToken, TokenInfo, TokenList, TokenRequest } from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { ownWorkspace } from './stubs.ts';

/** Issue (shown once), list (never a hash) and revoke the workspace's tokens. Admin only. */
export const tokenRoutes = new Hono<AppEnv>()
  .post('/tokens', requireRole('admin'), async (c) => {
    const request = await jsonBody(c, TokenRequest, 'token request');
    const issued: IssuedToken = await ownWorkspace(c).issueToken({
      role: request.role,
      label: request.label ?? null,
    });
    return c.json(issued, 201);
  })
  .get('/tokens', requireRole('admin'), async (c) => {
    return c.json({ tokens: await ownWorkspace(c).listTokens() });
  })
  .delete('/tokens/:id', requireRole('admin'), async (c) => {
    const revoked = await ownWorkspace(c).revokeToken(c.req.param('id'));
    if (!revoked) throw notFound('no such token in this workspace');
    const body: TokenInfo = revoked;
    return c.json(body);
  });

export const tokenRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/tokens',
    role: 'admin',
    summary: 'Issue a token (the secret is shown once)',
    request: TokenRequest,
    response: IssuedToken,
    status: 201,
  },
  {
    method: 'get',
    path: '/tokens',
    role: 'admin',
    summary: 'List tokens (never secrets or hashes)',
    response: TokenList,
  },
  {
    method: 'delete',
    path: '/tokens/{id}',
    role: 'admin',
    summary: 'Revoke a token; its next use is a 401',
    response: TokenInfo,
    errors: [404],
  },
];
