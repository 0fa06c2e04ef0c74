import { subscriptionsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { subscriptionsService } from './service';

/** A user's subscriptions: their own, or a superuser's. */
const managing = { policy: 'subscriptions.manage' } as const;

export function subscriptionsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = subscriptionsService(deps);
  route(app, subscriptionsApi.list, ({ actor, params }) => svc.list(actor, params.userId), managing);
  route(
    app,
    subscriptionsApi.subscribe,
    ({ actor, params, body }) => svc.subscribe(actor, params.userId, body.productUuid, body.billingPlanUuid),
    managing,
  );
  route(
    app,
    subscriptionsApi.cancel,
    ({ actor, params }) => svc.cancel(actor, params.userId, params.subId),
    managing,
  );
  route(
    app,
    subscriptionsApi.reactivate,
    ({ actor, params }) => svc.reactivate(actor, params.userId, params.subId),
    managing,
  );
}
