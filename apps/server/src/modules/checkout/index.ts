// The checkout module: paying for a plan through the provider (Stripe or the local test checkout), and the
// provider's events that grant, renew and end paid access.
import type { ServerModule } from '../manifest';
import { checkoutRoutes } from './routes';

export { WEBHOOK_URL } from './routes';
export { checkoutService } from './service';
export { type ReplayAudit, type WebhookEventRow, webhookService } from './webhooks';

export const checkoutModule: ServerModule = { name: 'checkout', routes: checkoutRoutes };
