import { superuserProductsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { superuserProductsService } from './products-service';

/** Super → Products: superusers only (the 'superuser.products' policy; anyone else gets 403). */
export function superuserProductsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = superuserProductsService(deps);
  const policy = 'superuser.products';
  const api = superuserProductsApi;
  route(app, api.products, ({ actor, query }) => svc.products(actor, query.search, query.page), { policy });
  route(app, api.product, ({ actor, params }) => svc.product(actor, params.id), { policy });
  route(app, api.create, ({ actor, body }) => svc.create(actor, body), { policy });
  route(app, api.setSuspended, ({ actor, params, body }) => svc.setSuspended(actor, params.id, body), {
    policy,
  });
  route(app, api.transfer, ({ actor, params, body }) => svc.transfer(actor, params.id, body.toEmail), {
    policy,
  });
}
