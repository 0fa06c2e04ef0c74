// The billing module: a product's billing plans and their provider prices.
import type { ServerModule } from '../manifest';
import { billingRoutes } from './routes';

export {
  findPlan,
  findPlanWithProduct,
  type PlanRow,
  renewalPriceOf,
  saveRenewalPriceIfNone,
} from './repository';
export { billingService } from './service';

export const billingModule: ServerModule = { name: 'billing', routes: billingRoutes };
