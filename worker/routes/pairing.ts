import { createRoute } from '@hono/zod-openapi';
import { PairingCode, PairRequest, PairResponse } from '../../shared/contract/index.ts';
import { badRequest, expired, rateLimited } from '../common/errors.ts';
import { parsePairingCode } from '../common/pairing.ts';
import { access, failures, jsonAnswer, open, openApiRoutes, requestJson } from '../http/openapi.ts';

const createPairingCode = createRoute({
  method: 'post',
  path: '/pairing-codes',
  summary: 'Create a single-use pairing code (10 minutes) and its /app#pair= URL',
  ...access(['admin']),
  responses: { 201: jsonAnswer(PairingCode, 'the code') },
});

const pair = createRoute({
  method: 'post',
  path: '/pair',
  summary: "Exchange a pairing code (and the device's label) for an approver token",
  ...open,
  request: requestJson(PairRequest),
  responses: {
    201: jsonAnswer(PairResponse, 'the approver token, shown this once'),
    ...failures(400, 410, 429),
  },
});

/**
 * Pairing a browser or phone: an admin creates a short code (printed with a QR code by
 * `npm start`), the device trades it once for an approver token. `/pair` needs no token, so
 * attempts are bounded per client IP and per workspace inside the WorkspaceDO.
 */
export const pairingRoutes = openApiRoutes()
  .openapi(createPairingCode, async (c) => {
    const { workspaceId, tokenId } = c.var.principal;
    const code: PairingCode = await c.env.WORKSPACE.getByName(workspaceId).createPairingCode({
      origin: new URL(c.req.url).origin,
      createdBy: tokenId,
    });
    return c.json(code, 201);
  })
  .openapi(pair, async (c) => {
    const request = c.req.valid('json');
    const parsed = parsePairingCode(request.code);
    if (!parsed) throw badRequest('unknown pairing code');
    const result = await c.env.WORKSPACE.getByName(parsed.workspaceId).pair({
      code: parsed.code,
      ...(request.label === undefined ? {} : { label: request.label }),
      clientIp: c.req.header('cf-connecting-ip') ?? 'unknown',
      ...(c.req.header('origin') === undefined ? {} : { origin: c.req.header('origin') as string }),
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
