import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { jsonAnswer, open, openApiRoutes } from '../http/openapi.ts';

const Health = z.object({ ok: z.literal(true), service: z.literal('gatehouse') });

const health = createRoute({
  method: 'get',
  path: '/healthz',
  summary: 'Liveness (no token)',
  ...open,
  responses: { 200: jsonAnswer(Health, 'the relay is up') },
});

export const healthRoutes = openApiRoutes().openapi(health, (c) =>
  c.json({ ok: true as const, service: 'gatehouse' as const }, 200),
);
