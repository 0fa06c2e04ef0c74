// The subscriptions module: who has access to which QBank, with which roles, until when.
import type { Deps } from '../../deps';
import type { ServerModule } from '../manifest';
import { expireDue } from './access';
import { subscriptionsRoutes } from './routes';
import type { RenewalCheckout } from './service';

export { grantPaid, LEARNER_ROLES, type PaidGrant } from './access';
export {
  findByProviderId,
  findOfUserAndProduct,
  recountLearners,
  rolesByProduct,
  type SubscriptionRow,
  updateSubscription,
} from './repository';
export type { RenewalCheckout } from './service';

/** The module, with the checkout a renewal goes through (the checkout module's, which depends on this one). */
export const subscriptionsModule = (checkoutOf: (deps: Deps) => RenewalCheckout): ServerModule => ({
  name: 'subscriptions',
  routes: (app, deps) => subscriptionsRoutes(app, deps, checkoutOf),
  every: [
    {
      name: 'subscriptions: end expired access',
      everyMs: 60_000,
      run: (deps, now) => expireDue(deps.db, now),
    },
  ],
});
