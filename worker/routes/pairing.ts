import { Hono } from 'hono';
import { PairingCode, PairRequest, PairResponse } from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { badRequest, expired, rateLimited } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { parsePairingCode } from '../workspace/pairing.ts';

/**
 * Pairing a browser or phone: an admin creates a short code (printed with a QR code by
 * `npm start`), the device trades it once for an approver token. `/pair` needs no token, so
 * attempts are bounded per client IP and per workspace inside the WorkspaceDO.
 */
export const pairingRoutes = new Hono<AppEnv>()
  .post('/pairing-codes', requireRole('admin'), async (c) => {
    const { workspaceId, tokenId } = c.var.principal;
    const code: PairingCode = await c.env.WORKSPACE.getByName(workspaceId).createPairingCode({
      origin: new URL(c.req.url).origin,
      createdBy: tokenId,
    });
    return c.json(code, 201);
  })
  .post('/pair', async (c) => {
    const request = await jsonBody(c, PairRequest, 'pairing request');
    const parsed = parsePairingCode(request.code);
    if (!parsed) throw badRequest('unknown pairing code');
    const result = await c.env.WORKSPACE.getByName(parsed.workspaceId).pair({
      code: parsed.code,
      ...(request.label === undefined ? {} : { label: request.label }),
      clientIp: c.req.header('cf-connecting-ip') ?? 'unknown',
    });
    if (result.ok) {
      const body: PairResponse = { token: result.token, workspaceId: result.workspaceId };
      return c.json(body, 201);
    }
    switch (result.reason) {
      case 'unknown':
        throw badRequest('unknown pairing code');
      case 'used':
        throw expired('this pairing code was already used; create a new one');
      case 'expired':
        throw expired('this pairing code has expired; create a new one');
      case 'rate_limited':
        throw rateLimited('too many pairing attempts; wait a minute', result.retryAfterSeconds);
    }
  });

export const pairingRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/pairing-codes',
    role: 'admin',
    summary: 'Create a single-use pairing code (10 minutes) and its /app#pair= URL',
    response: PairingCode,
    status: 201,
  },
  {
    method: 'post',
    path: '/pair',
    role: 'none',
    summary: 'Exchange a pairing code for an approver token',
    request: PairRequest,
    response: PairResponse,
    status: 201,
    errors: [400, 410, 429],
  },
];
