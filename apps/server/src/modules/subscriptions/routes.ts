import { subscriptionsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { type RenewalCheckout, subscriptionsService } from './service';

/** A user's subscriptions: their own, or a superuser's. */
const managing = { policy: 'subscriptions.manage' } as const;

export function subscriptionsRoutes(
  app: FastifyInstance,
  deps: Deps,
  checkoutOf: (deps: Deps) => RenewalCheckout,
) {
  const svc = subscriptionsService(deps, checkoutOf);
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
