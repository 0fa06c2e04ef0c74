import { subscribeBody, subscriptionDetail, subscriptionParams, userIdParams } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/session';
import { subscriptionsService } from './service';

export function subscriptionsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = subscriptionsService(deps);
  const tags = ['subscriptions'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/users/:userId/subscriptions',
    summary: "A user's subscriptions with plan and renewal date",
    tags,
    access: 'user',
    params: userIdParams,
    response: z.array(subscriptionDetail),
    handler: ({ req, params }) => svc.list(requireAuth(req), params.userId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/users/:userId/subscriptions',
    summary: 'Subscribe to a free plan (reactivates an inactive subscription to the product)',
    tags,
    access: 'user',
    params: userIdParams,
    body: subscribeBody,
    response: subscriptionDetail,
    status: 201,
    handler: ({ req, params, body }) =>
      svc.subscribe(requireAuth(req), params.userId, body.productUuid, body.billingPlanUuid),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v2/users/:userId/subscriptions/:subId/cancel',
    summary: 'Cancel: auto-renew off for a paid subscription, end a free one',
    tags,
    access: 'user',
    params: subscriptionParams,
    response: subscriptionDetail,
    handler: ({ req, params }) => svc.cancel(requireAuth(req), params.userId, params.subId),
  });
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/v2/users/:userId/subscriptions/:subId/reactivate',
    summary: 'Reactivate: auto-renew on again, or a free subscription active again',
    tags,
    access: 'user',
    params: subscriptionParams,
    response: subscriptionDetail,
    handler: ({ req, params }) => svc.reactivate(requireAuth(req), params.userId, params.subId),
  });
}
