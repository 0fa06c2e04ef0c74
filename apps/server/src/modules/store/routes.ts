import {
  logoItem,
  logoQuery,
  priceIdParams,
  priceOnSale,
  productContent,
  productIdParams,
  productSearchBody,
  productSearchQuery,
  storeProduct,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { storeService } from './service';

export function storeRoutes(app: FastifyInstance, deps: Deps) {
  const svc = storeService(deps);
  const tags = ['store'];
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/products/productSearchContent',
    summary: 'Store search over name and content (a blank term means all), sorted by name',
    tags,
    // A read sent as POST: who asks changes nothing, so it needs no session and no CSRF token. As
    // 'optional' it failed with 403 for a signed-in visitor whose token the client had not loaded yet.
    access: 'public',
    query: productSearchQuery,
    body: productSearchBody,
    response: z.array(storeProduct),
    handler: ({ query, body }) => svc.search(body.searchTerm, query.sortOrder),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/prices/:priceId',
    summary:
      'What a provider price sells while it is on sale (the registration screen for a purchase shows it)',
    tags,
    access: 'public',
    params: priceIdParams,
    response: priceOnSale,
    handler: ({ params }) => svc.priceOnSale(params.priceId),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/products/:id/fetchContent',
    summary: "A product's content, additionalContent merged in",
    tags,
    access: 'optional',
    params: productIdParams,
    response: productContent,
    handler: ({ req, params }) => svc.content(req.auth, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/products/:id/logo',
    summary: "A product's logos of one type, newest first",
    tags,
    access: 'optional',
    params: productIdParams,
    query: logoQuery,
    response: z.array(logoItem),
    handler: ({ req, params, query }) => svc.logos(req.auth, params.id, query.logoType),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/products',
    summary: 'Every published product',
    tags,
    access: 'optional',
    response: z.array(productContent),
    handler: ({ req }) => svc.list(req.auth),
  });
}
