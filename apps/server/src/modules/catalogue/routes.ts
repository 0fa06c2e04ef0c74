import { catalogueAdminApi, catalogueApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { catalogueEditingService } from './editing-service';
import { referenceService } from './reference';
import { catalogueService } from './service';

/** Reads of a product the caller may see. */
const viewing = { policy: 'product.view' } as const;
/** Changes to a product's subject tree: its admins'. */
const managing = { policy: ['product.view', 'catalogue.manage'] } as const;

/**
 * SPEC §7 catalogue reads: a product's subjects, categories and subcategories, and the three as one tree; and
 * the admins' changes to that tree (docs/subject-tree.md).
 */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const svc = catalogueService(deps);
  route(
    app,
    catalogueApi.subjectsOfProduct,
    ({ actor, params }) => svc.subjectsOfProduct(actor, params.id),
    viewing,
  );
  route(app, catalogueApi.subject, ({ actor, params }) => svc.subject(actor, params.id), viewing);
  route(
    app,
    catalogueApi.categoriesOfSubject,
    ({ actor, params }) => svc.categoriesOfSubject(actor, params.id),
    viewing,
  );
  route(app, catalogueApi.category, ({ actor, params }) => svc.category(actor, params.id), viewing);
  route(
    app,
    catalogueApi.subcategoriesOfCategory,
    ({ actor, params }) => svc.subcategoriesOfCategory(actor, params.id),
    viewing,
  );
  route(app, catalogueApi.tree, ({ actor, params }) => svc.tree(actor, params.id), {
    policy: ['product.view', 'catalogue.statusCounts'],
  });

  // The reference panel learners open beside a question; its admins write it.
  const ref = referenceService(deps);
  route(app, catalogueApi.reference, ({ actor, params }) => ref.reference(actor, params.id), viewing);
  route(
    app,
    catalogueAdminApi.updateReference,
    ({ actor, params, body }) => ref.updateReference(actor, params.id, body.html),
    managing,
  );

  const edit = catalogueEditingService(deps);
  const api = catalogueAdminApi;
  route(
    app,
    api.createSubject,
    ({ actor, params, body }) => edit.createSubject(actor, params.id, body.name),
    managing,
  );
  route(
    app,
    api.createCategory,
    ({ actor, params, body }) => edit.createCategory(actor, params.id, body.name),
    managing,
  );
  route(
    app,
    api.createSubcategory,
    ({ actor, params, body }) => edit.createSubcategory(actor, params.id, body.name),
    managing,
  );
  route(
    app,
    api.updateSubject,
    ({ actor, params, body }) => edit.updateSubject(actor, params.id, body),
    managing,
  );
  route(
    app,
    api.updateCategory,
    ({ actor, params, body }) => edit.updateCategory(actor, params.id, body),
    managing,
  );
  route(
    app,
    api.updateSubcategory,
    ({ actor, params, body }) => edit.updateSubcategory(actor, params.id, body),
    managing,
  );
  route(app, api.deleteSubject, ({ actor, params }) => edit.deleteSubject(actor, params.id), managing);
  route(app, api.deleteCategory, ({ actor, params }) => edit.deleteCategory(actor, params.id), managing);
  route(
    app,
    api.deleteSubcategory,
    ({ actor, params }) => edit.deleteSubcategory(actor, params.id),
    managing,
  );
}
