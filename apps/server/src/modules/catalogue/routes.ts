import {
  catalogueCategory,
  catalogueIdParams,
  catalogueSubcategory,
  catalogueSubject,
  productTree,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { catalogueService } from './service';

/** SPEC §7 catalogue reads: a product's subjects, categories and subcategories, and the three as one tree. */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const svc = catalogueService(deps);
  const tags = ['catalogue'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/subjects/products/:id',
    summary: "A product's subjects, by position then name",
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: z.array(catalogueSubject),
    handler: ({ req, params }) => svc.subjectsOfProduct(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/subjects/:id',
    summary: 'One subject',
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: catalogueSubject,
    handler: ({ req, params }) => svc.subject(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/categories/subjects/:id',
    summary: "A subject's categories, by position then name",
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: z.array(catalogueCategory),
    handler: ({ req, params }) => svc.categoriesOfSubject(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/categories/:id',
    summary: 'One category',
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: catalogueCategory,
    handler: ({ req, params }) => svc.category(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/subcategories/categories/:id',
    summary: "A category's subcategories, by position then name",
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: z.array(catalogueSubcategory),
    handler: ({ req, params }) => svc.subcategoriesOfCategory(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/products/:id/tree',
    summary: "A product's subjects, their categories and their subcategories, as one tree",
    tags,
    access: 'optional',
    params: catalogueIdParams,
    response: productTree,
    handler: ({ req, params }) => svc.tree(req.auth, params.id),
  });
}
