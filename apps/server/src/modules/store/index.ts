// The store module: the public catalogue of QBanks, its search, products' content, plans and logos.
import type { ServerModule } from '../manifest';
import { storeRoutes } from './routes';

export { findProduct, type PlanRow, planOnSale, plansOf, toBillingPlan } from './repository';
export { visibleProduct } from './service';

export const storeModule: ServerModule = { name: 'store', routes: storeRoutes };
