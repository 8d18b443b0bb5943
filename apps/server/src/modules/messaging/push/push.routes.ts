import { tenantParam } from '@tilth/contracts/common.types';
import {
  pushCreateBody,
  pushDeleteResponse,
  pushDeliveryPage,
  pushDeliveryParam,
  pushDeliveryQuery,
  pushEnableBody,
  pushIdParam,
  pushListQuery,
  pushSubscription,
  pushSubscriptionPage,
  pushSubscriptionWithSecret,
  pushTestResult,
  pushUpdateBody,
  pushVersionBody,
} from '@tilth/contracts/push.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { PUSH_ACCESS, PushService } from './push.service.js';

/** Data push under /wfpf/v1/{t}/data-push (docs/api.md "Data push"). */
export const registerPushRoutes = (app: App, platform: Platform): void => {
  const push = new PushService(platform.config);
  const base = '/wfpf/v1/:tenantId/data-push';

  addRoute(app, platform, {
    method: 'GET',
    url: base,
    access: PUSH_ACCESS.read,
    summary: 'Data push subscriptions with their delivery counts; filter by name, enabled, event type',
    schema: { params: tenantParam, querystring: pushListQuery, response: { 200: pushSubscriptionPage } },
    handler: async (ctx, req) => push.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id`,
    access: PUSH_ACCESS.read,
    summary: 'One data push subscription (never its secret)',
    schema: { params: pushIdParam, response: { 200: pushSubscription } },
    handler: async (ctx, req) => push.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: base,
    access: PUSH_ACCESS.create,
    summary: 'Create a subscription; the answer carries its signing secret, shown this once',
    noTransaction: true,
    schema: { params: tenantParam, body: pushCreateBody, response: { 200: pushSubscriptionWithSecret } },
    handler: async (ctx, req) => push.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: base,
    access: PUSH_ACCESS.edit,
    summary: 'Edit a subscription (objectVersionNumber must be current)',
    noTransaction: true,
    schema: { params: tenantParam, body: pushUpdateBody, response: { 200: pushSubscription } },
    handler: async (ctx, req) => push.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/enabled`,
    access: PUSH_ACCESS.edit,
    summary: 'Enable or disable a subscription (a disabled one queues nothing; its queue waits)',
    schema: { params: pushIdParam, body: pushEnableBody, response: { 200: pushSubscription } },
    handler: async (ctx, req) => push.setEnabled(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/secret`,
    access: PUSH_ACCESS.edit,
    summary: 'Rotate the signing secret; the answer carries the new one, shown this once',
    schema: { params: pushIdParam, body: pushVersionBody, response: { 200: pushSubscriptionWithSecret } },
    handler: async (ctx, req) => push.rotateSecret(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: PUSH_ACCESS.delete,
    summary: 'Delete a subscription and its delivery log',
    schema: { params: pushIdParam, response: { 200: pushDeleteResponse } },
    handler: async (ctx, req) => push.remove(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/test`,
    access: PUSH_ACCESS.edit,
    summary: "Push test: POSTs a signed 'test' event now and answers the receiver's status",
    noTransaction: true,
    schema: { params: pushIdParam, response: { 200: pushTestResult } },
    handler: async (ctx, req) => push.test(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/deliveries`,
    access: PUSH_ACCESS.read,
    summary: 'The delivery log of a subscription, newest first; filter by state',
    schema: { params: pushIdParam, querystring: pushDeliveryQuery, response: { 200: pushDeliveryPage } },
    handler: async (ctx, req) => push.deliveries(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/deliveries/:seq/redeliver`,
    access: PUSH_ACCESS.edit,
    summary: 'Send a failed event again (it goes back into the queue at its place)',
    schema: { params: pushDeliveryParam, response: { 200: pushDeleteResponse } },
    handler: async (ctx, req) => push.redeliver(ctx, req.params.id, req.params.seq),
  });
};
