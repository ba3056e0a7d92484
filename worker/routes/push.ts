import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { importSubscriber, PushKeyError } from '../push/encrypt.ts';
import {
  allowsInsecure,
  SubscriptionList,
  SubscriptionRequest,
  subscriptionRequest,
} from '../push/subscription.ts';
import { vapidFromEnv } from '../push/vapid.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * Web Push (docs/push.md): the relay's VAPID public key for anyone (browsers need it to
 * subscribe), and each approver's own device subscriptions. Without VAPID keys push is off:
 * the key route says so with 404 and subscribing is refused, so /app can tell the user.
 */

const PublicKey = z.object({ publicKey: z.string() });
const Created = z.object({ id: z.string() });
const TestResult = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
});

const pushOff = () =>
  new ApiError(404, 'not_found', 'Web Push is off on this relay: it has no VAPID keys (see docs/push.md)');

export const pushRoutes = new Hono<AppEnv>()
  .get('/push/public-key', (c) => {
    const keys = vapidFromEnv(c.env);
    if (!keys) throw pushOff();
    return c.json({ publicKey: keys.publicKey });
  })
  .post('/push/subscriptions', requireRole('approver'), async (c) => {
    if (!vapidFromEnv(c.env)) throw pushOff();
    const request = await jsonBody(c, subscriptionRequest(allowsInsecure(c.env)), 'subscription');
    try {
      await importSubscriber(request.keys);
    } catch (error) {
      if (error instanceof PushKeyError)
        throw badRequest('invalid subscription', [{ path: 'keys.p256dh', message: error.message }]);
      throw error;
    }
    const created = await ownWorkspace(c).addPushSubscription(c.var.principal.tokenId, request);
    return c.json(created, 201);
  })
  .get('/push/subscriptions', requireRole('approver'), async (c) => {
    return c.json({ subscriptions: await ownWorkspace(c).listPushSubscriptions(c.var.principal.tokenId) });
  })
  .delete('/push/subscriptions/:id', requireRole('approver'), async (c) => {
    if (!(await ownWorkspace(c).removePushSubscription(c.var.principal.tokenId, c.req.param('id'))))
      throw notFound('no such subscription of this token');
    return c.body(null, 204);
  })
  .post('/push/test', requireRole('approver'), async (c) => {
    if (!vapidFromEnv(c.env)) throw pushOff();
    return c.json(await ownWorkspace(c).testPush(c.var.principal.tokenId));
  });

export const pushRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/push/public-key',
    role: 'none',
    summary: 'The VAPID public key (base64url P-256 point); 404 when push is off',
    response: PublicKey,
    errors: [404],
  },
  {
    method: 'post',
    path: '/push/subscriptions',
    role: 'approver',
    summary: "Keep this device's PushSubscription for the caller's token",
    request: SubscriptionRequest,
    response: Created,
    status: 201,
    errors: [404],
  },
  {
    method: 'get',
    path: '/push/subscriptions',
    role: 'approver',
    summary: "The caller's own devices (never their keys)",
    response: SubscriptionList,
  },
  {
    method: 'delete',
    path: '/push/subscriptions/{id}',
    role: 'approver',
    summary: 'Remove one of the caller’s devices',
    status: 204,
    errors: [404],
  },
  {
    method: 'post',
    path: '/push/test',
    role: 'approver',
    summary: "Send a test push to each of the caller's devices, now",
    response: TestResult,
    errors: [404],
  },
];
