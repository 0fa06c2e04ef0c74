import { salesQuery, salesReport } from '../sales';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** Sales (docs/sales.md): a product's admins (and superusers) see what it sells. */
export const salesApi = {
  report: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/sales',
    summary:
      'Revenue by month and plan, paid subscriptions (active, renewing, cancelled), churn by month, and referral tokens with their visits, sign-ups and purchases, over a period (the last twelve months by default)',
    tags: ['sales'],
    access: 'user',
    params: productIdParams,
    query: salesQuery,
    response: salesReport,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/sales.csv',
    summary: 'The same report as a CSV file, every cell safe to open in a spreadsheet',
    tags: ['sales'],
    access: 'user',
    params: productIdParams,
    query: salesQuery,
  }),
};
