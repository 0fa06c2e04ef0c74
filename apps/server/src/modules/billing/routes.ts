import {
  billingPlan,
  billingPlanInput,
  billingPlansQuery,
  planParams,
  productIdParams,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/session';
import { billingService } from './service';

export function billingRoutes(app: FastifyInstance, deps: Deps) {
  const svc = billingService(deps);
  const tags = ['billing'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/products/:id/billingPlans',
    summary:
      "A product's plans: active ones in frequency order (inactive too with includeInactive=true, admins only)",
    tags,
    access: 'optional',
    params: productIdParams,
    query: billingPlansQuery,
    response: z.array(billingPlan),
    handler: ({ req, params, query }) => svc.list(req.auth, params.id, query.includeInactive),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/products/:id/billingPlans',
    summary: 'Create a plan (autoCreateStripePrice makes the provider price)',
    tags,
    access: 'user',
    params: productIdParams,
    body: billingPlanInput,
    response: billingPlan,
    status: 201,
    handler: ({ req, params, body }) => svc.create(requireAuth(req), params.id, body),
  });
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/v2/products/:productUuid/billingPlans/:uuid',
    summary: 'Update a plan',
    tags,
    access: 'user',
    params: planParams,
    body: billingPlanInput,
    response: billingPlan,
    handler: ({ req, params, body }) => svc.update(requireAuth(req), params.productUuid, params.uuid, body),
  });
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/v2/products/:productUuid/billingPlans/:uuid/active',
    summary: 'Toggle a plan active or inactive',
    tags,
    access: 'user',
    params: planParams,
    response: billingPlan,
    handler: ({ req, params }) => svc.toggleActive(requireAuth(req), params.productUuid, params.uuid),
  });
}
