import { productSettingsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { productSettingsService } from './service';

const managing = { policy: ['product.view', 'product.settings'] } as const;

/** A product's store settings and publication (docs/product-settings.md). */
export function productSettingsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = productSettingsService(deps);
  route(app, productSettingsApi.read, ({ actor, params }) => svc.read(actor, params.id), managing);
  route(
    app,
    productSettingsApi.update,
    ({ actor, params, body }) => svc.update(actor, params.id, body),
    managing,
  );
  route(
    app,
    productSettingsApi.setPublished,
    ({ actor, params, body }) => svc.setPublished(actor, params.id, body.published),
    managing,
  );
}
