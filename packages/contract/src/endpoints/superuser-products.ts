import {
  createSuperProductInput,
  superProductActionResult,
  superProductDetail,
  superProductParams,
  superProductsPage,
  superProductsQuery,
  suspendProductInput,
  transferProductInput,
} from '../superuser-products';
import { endpoint } from './endpoint';

const tags = ['superuser'];

/** Super → Products (docs/superuser-products.md): superusers only; anyone else gets 403. */
export const superuserProductsApi = {
  products: endpoint({
    method: 'GET',
    path: '/api/v2/superuser/products',
    summary: 'A page of every QBank (published or not, suspended or not) with its admins and figures',
    tags,
    access: 'user',
    query: superProductsQuery,
    response: superProductsPage,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/v2/superuser/products/:id',
    summary: 'One QBank with its admins, state, figures and pending admin invitations',
    tags,
    access: 'user',
    params: superProductParams,
    response: superProductDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/products',
    summary: 'Create an unpublished QBank with its first admin (an account at once, anyone else invited)',
    tags,
    access: 'user',
    body: createSuperProductInput,
    response: superProductActionResult,
    status: 201,
  }),
  setSuspended: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/products/:id/suspended',
    summary: 'Suspend a QBank (off the store, staff read-only, learners kept or held) or restore it',
    tags,
    access: 'user',
    params: superProductParams,
    body: suspendProductInput,
    response: superProductActionResult,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/products/:id/transfer',
    summary: 'Move the admin role of a QBank to another account: the previous admins lose it',
    tags,
    access: 'user',
    params: superProductParams,
    body: transferProductInput,
    response: superProductActionResult,
  }),
};
