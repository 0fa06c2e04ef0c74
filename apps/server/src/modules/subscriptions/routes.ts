import { subscriptionsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../lib/route';
import { subscriptionsService } from './service';

export function subscriptionsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = subscriptionsService(deps);
  route(app, subscriptionsApi.list, ({ actor, params }) => svc.list(actor, params.userId), {
    policy: 'subscriptions.manage',
  });
  route(
    app,
    subscriptionsApi.subscribe,
    ({ actor, params, body }) => svc.subscribe(actor, params.userId, body.productUuid, body.billingPlanUuid),
    { policy: 'subscriptions.manage' },
  );
  route(app, subscriptionsApi.cancel, ({ actor, params }) => svc.cancel(actor, params.userId, params.subId), {
    policy: 'subscriptions.manage',
  });
  route(
    app,
    subscriptionsApi.reactivate,
    ({ actor, params }) => svc.reactivate(actor, params.userId, params.subId),
    { policy: 'subscriptions.manage' },
  );
}
