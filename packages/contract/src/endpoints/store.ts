import { z } from 'zod';
import { billingPlan, planChangeQuery, planSubscribers } from '../billing';
import {
  catalogueCategory,
  catalogueIdParams,
  catalogueSubcategory,
  catalogueSubject,
  productReference,
  productTree,
} from '../catalogue';
import {
  billingPlanInput,
  billingPlansQuery,
  logoItem,
  logoQuery,
  planParams,
  priceIdParams,
  priceOnSale,
  productContent,
  productIdParams,
  productSearchAnswer,
  productSearchBody,
  productSearchQuery,
} from '../store';
import { endpoint } from './endpoint';

/** The public store: search, a product's content, logos, and what a price sells. */
export const storeApi = {
  search: endpoint({
    method: 'POST',
    path: '/api/v2/products/productSearchContent',
    summary:
      'Store search over name and content (a blank term means all), sorted by name: the full list, or with page and size one page of store cards with the total',
    tags: ['store'],
    // A read sent as POST: who asks changes nothing, so it needs no session and no CSRF token. As
    // 'optional' it failed with 403 for a signed-in visitor whose token the client had not loaded yet.
    access: 'public',
    query: productSearchQuery,
    body: productSearchBody,
    response: productSearchAnswer,
  }),
  priceOnSale: endpoint({
    method: 'GET',
    path: '/api/v2/prices/:priceId',
    summary:
      'What a provider price sells while it is on sale (the registration screen for a purchase shows it)',
    tags: ['store'],
    access: 'public',
    params: priceIdParams,
    response: priceOnSale,
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/fetchContent',
    summary: "A product's content, additionalContent merged in",
    tags: ['store'],
    access: 'optional',
    params: productIdParams,
    response: productContent,
  }),
  logos: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/logo',
    summary: "A product's logos of one type, newest first",
    tags: ['store'],
    access: 'optional',
    params: productIdParams,
    query: logoQuery,
    response: z.array(logoItem),
  }),
  products: endpoint({
    method: 'GET',
    path: '/api/v1/products',
    summary: 'Every published product',
    tags: ['store'],
    access: 'optional',
    response: z.array(productContent),
  }),
};

/** A product's billing plans (SPEC §7). */
export const billingApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/billingPlans',
    summary:
      "A product's plans: active ones in frequency order (inactive too with includeInactive=true, admins only)",
    tags: ['billing'],
    access: 'optional',
    params: productIdParams,
    query: billingPlansQuery,
    response: z.array(billingPlan),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/billingPlans',
    summary: 'Create a plan (autoCreateStripePrice makes the provider price)',
    tags: ['billing'],
    access: 'user',
    params: productIdParams,
    body: billingPlanInput,
    response: billingPlan,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v2/products/:productUuid/billingPlans/:uuid',
    summary:
      "Update a plan (a new price gets a new provider price; subscribers keep theirs). Taking away a published QBank's last active public plan needs confirmLeaveStore=true (else 409 naming active)",
    tags: ['billing'],
    access: 'user',
    params: planParams,
    query: planChangeQuery,
    body: billingPlanInput,
    response: billingPlan,
  }),
  toggleActive: endpoint({
    method: 'PATCH',
    path: '/api/v2/products/:productUuid/billingPlans/:uuid/active',
    summary:
      "Toggle a plan active or inactive; deactivating a published QBank's last active public plan needs confirmLeaveStore=true (else 409 naming active)",
    tags: ['billing'],
    access: 'user',
    params: planParams,
    query: planChangeQuery,
    response: billingPlan,
  }),
  subscribers: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/billingPlanSubscribers',
    summary: "How many active subscriptions each of a product's plans holds (its admins and superusers)",
    tags: ['billing'],
    access: 'user',
    params: productIdParams,
    response: z.array(planSubscribers),
  }),
};

/** The shared part of the catalogue reads: a GET of one id, anyone may ask (visibility is the product's). */
const catalogueRead = (path: string, summary: string) =>
  ({
    method: 'GET',
    path,
    summary,
    tags: ['catalogue'],
    access: 'optional',
    params: catalogueIdParams,
  }) as const;

/** SPEC §7 catalogue reads: a product's subjects, categories and subcategories, and the three as one tree. */
export const catalogueApi = {
  subjectsOfProduct: endpoint({
    ...catalogueRead('/api/v1/subjects/products/:id', "A product's subjects, by position then name"),
    response: z.array(catalogueSubject),
  }),
  subject: endpoint({ ...catalogueRead('/api/v1/subjects/:id', 'One subject'), response: catalogueSubject }),
  categoriesOfSubject: endpoint({
    ...catalogueRead('/api/v1/categories/subjects/:id', "A subject's categories, by position then name"),
    response: z.array(catalogueCategory),
  }),
  category: endpoint({
    ...catalogueRead('/api/v1/categories/:id', 'One category'),
    response: catalogueCategory,
  }),
  subcategoriesOfCategory: endpoint({
    ...catalogueRead(
      '/api/v1/subcategories/categories/:id',
      "A category's subcategories, by position then name",
    ),
    response: z.array(catalogueSubcategory),
  }),
  tree: endpoint({
    ...catalogueRead(
      '/api/v2/products/:id/tree',
      "A product's subjects, their categories and their subcategories, as one tree",
    ),
    response: productTree,
  }),
  reference: endpoint({
    ...catalogueRead(
      '/api/v2/products/:id/reference',
      "A product's reference panel (lab values, tables) for its learners; html is '' when it has none",
    ),
    response: productReference,
  }),
};
