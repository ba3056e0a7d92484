import { createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { PushId } from '../../shared/push/message.ts';
import { ApiError, badRequest, notFound } from '../common/errors.ts';
import type { AppEnv } from '../http/app-env.ts';
import { access, failures, jsonAnswer, open, openApiRoutes, requestJson } from '../http/openapi.ts';
import { parseWith } from '../http/validate.ts';
import { importSubscriber, PushKeyError } from '../push/encrypt.ts';
import {
  allowsInsecure,
  SubscriptionInfo,
  SubscriptionList,
  SubscriptionRename,
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

/** Push off is a 404 before the body is looked at: a relay without keys takes no subscription. */
const pushOn = createMiddleware<AppEnv>(async (c, next) => {
  if (!vapidFromEnv(c.env)) throw pushOff();
  await next();
});

/** The role check first, then whether push is on: a stranger learns neither. */
const approverWithPush = () => {
  const approver = access(['approver']);
  return { ...approver, middleware: [approver.middleware, pushOn] };
};

const publicKey = createRoute({
  method: 'get',
  path: '/push/public-key',
  summary: 'The VAPID public key (base64url P-256 point); 404 when push is off',
  ...open,
  responses: { 200: jsonAnswer(PublicKey, 'the key'), ...failures(404) },
});

/*
 * The document and the route's validator take the widest endpoint this relay could allow
 * (`http://127.0.0.1` too); the handler holds it to what this deployment allows.
 */
const subscribe = createRoute({
  method: 'post',
  path: '/push/subscriptions',
  summary: "Keep this device's PushSubscription for the caller's token",
  ...approverWithPush(),
  request: requestJson(subscriptionRequest(true)),
  responses: { 201: jsonAnswer(Created, 'the subscription'), ...failures(404) },
});

const listSubscriptions = createRoute({
  method: 'get',
  path: '/push/subscriptions',
  summary: "The caller's own devices (never their keys)",
  ...access(['approver']),
  responses: { 200: jsonAnswer(SubscriptionList, 'the devices') },
});

const removeSubscription = createRoute({
  method: 'delete',
  path: '/push/subscriptions/{id}',
  summary: 'Remove one of the caller’s devices',
  ...access(['approver']),
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: 'removed' }, ...failures(404) },
});

const renameSubscription = createRoute({
  method: 'patch',
  path: '/push/subscriptions/{id}',
  summary: 'Rename one of the caller’s devices (`{"label": …}`, 1–100 characters, one line)',
  ...access(['approver']),
  request: { params: z.object({ id: z.string() }), ...requestJson(SubscriptionRename) },
  responses: { 200: jsonAnswer(SubscriptionInfo, 'the device, renamed'), ...failures(404) },
});

const testPush = createRoute({
  method: 'post',
  path: '/push/test',
  summary: "Send a test push to each of the caller's devices, now",
  ...approverWithPush(),
  responses: { 200: jsonAnswer(TestResult, 'what the push services said'), ...failures(404) },
});

const Receipt = z.strictObject({ pushId: PushId });
const Recorded = z.object({ pushId: z.string(), shownAt: z.string() });

const receipt = createRoute({
  method: 'post',
  path: '/push/receipts',
  summary: "A device showed a push: its service worker acknowledges the payload's pushId",
  ...access(['approver']),
  request: requestJson(Receipt),
  responses: { 200: jsonAnswer(Recorded, 'the receipt, as recorded'), ...failures(404) },
});

export const pushRoutes = openApiRoutes()
  .openapi(publicKey, (c) => {
    const keys = vapidFromEnv(c.env);
    if (!keys) throw pushOff();
    return c.json({ publicKey: keys.publicKey }, 200);
  })
  .openapi(subscribe, async (c) => {
    const request = allowsInsecure(c.env)
      ? c.req.valid('json')
      : parseWith(SubscriptionRequest, c.req.valid('json'), 'subscription');
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
  .openapi(listSubscriptions, async (c) =>
    c.json({ subscriptions: await ownWorkspace(c).listPushSubscriptions(c.var.principal.tokenId) }, 200),
  )
  .openapi(removeSubscription, async (c) => {
    if (!(await ownWorkspace(c).removePushSubscription(c.var.principal.tokenId, c.req.valid('param').id)))
      throw notFound('no such subscription of this token');
    return c.body(null, 204);
  })
  .openapi(renameSubscription, async (c) => {
    const { id } = c.req.valid('param');
    const renamed = await ownWorkspace(c).renamePushSubscription(
      c.var.principal.tokenId,
      id,
      c.req.valid('json').label,
    );
    if (!renamed) throw notFound('no such subscription of this token');
    return c.json(renamed, 200);
  })
  .openapi(testPush, async (c) => c.json(await ownWorkspace(c).testPush(c.var.principal.tokenId), 200))
  .openapi(receipt, async (c) => {
    const recorded = await ownWorkspace(c).pushReceipt(c.var.principal.tokenId, c.req.valid('json').pushId);
    // Someone else's push and an unknown one are the same 404: a pushId tells a stranger nothing.
    if (!recorded) throw notFound('no push with this pushId was sent to a device of this token');
    return c.json(recorded, 200);
  });
