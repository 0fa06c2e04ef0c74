import { billingApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { billingService } from './service';

/** A product's plans as its admins see them. */
const managing = { policy: 'billing.manage' } as const;

export function billingRoutes(app: FastifyInstance, deps: Deps) {
  const svc = billingService(deps);
  route(
    app,
    billingApi.list,
    ({ actor, params, query }) => svc.list(actor, params.id, query.includeInactive),
    { policy: ['billing.manage', 'product.view'] },
  );
  route(app, billingApi.create, ({ actor, params, body }) => svc.create(actor, params.id, body), managing);
  route(
    app,
    billingApi.update,
    ({ actor, params, query, body }) =>
      svc.update(actor, params.productUuid, params.uuid, body, query.confirmLeaveStore),
    managing,
  );
  route(
    app,
    billingApi.toggleActive,
    ({ actor, params, query }) =>
      svc.toggleActive(actor, params.productUuid, params.uuid, query.confirmLeaveStore),
    managing,
  );
  route(app, billingApi.subscribers, ({ actor, params }) => svc.subscribers(actor, params.id), managing);
}
