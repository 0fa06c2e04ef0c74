// The sales module: a product's revenue, paid subscriptions, churn and referral tokens (docs/sales.md), and
// the ledger of payments the checkout's provider events write.
import type { ServerModule } from '../manifest';
import { salesRoutes } from './routes';

export { recordPayment } from './repository';
export const salesModule: ServerModule = { name: 'sales', routes: salesRoutes };
