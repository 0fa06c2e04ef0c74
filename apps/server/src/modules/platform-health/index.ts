// The platform-health module: Super → Platform health (the job queue, mail, payment webhook events, the
// database and storage; retry, resend and replay).
import type { ServerModule } from '../manifest';
import { platformHealthRoutes } from './routes';

export const platformHealthModule: ServerModule = { name: 'platform-health', routes: platformHealthRoutes };
