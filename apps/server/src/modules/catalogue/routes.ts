import { catalogueApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../lib/route';
import { catalogueService } from './service';

/** SPEC §7 catalogue reads: a product's subjects, categories and subcategories, and the three as one tree. */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const svc = catalogueService(deps);
  route(app, catalogueApi.subjectsOfProduct, ({ actor, params }) => svc.subjectsOfProduct(actor, params.id));
  route(app, catalogueApi.subject, ({ actor, params }) => svc.subject(actor, params.id));
  route(app, catalogueApi.categoriesOfSubject, ({ actor, params }) =>
    svc.categoriesOfSubject(actor, params.id),
  );
  route(app, catalogueApi.category, ({ actor, params }) => svc.category(actor, params.id));
  route(app, catalogueApi.subcategoriesOfCategory, ({ actor, params }) =>
    svc.subcategoriesOfCategory(actor, params.id),
  );
  route(app, catalogueApi.tree, ({ actor, params }) => svc.tree(actor, params.id));
}
