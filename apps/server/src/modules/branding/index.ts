// The branding module: a product's header colours and its logos, set by its admins, the logos served by hash.
import type { ServerModule } from '../manifest';
import { brandingRoutes } from './routes';

export const brandingModule: ServerModule = { name: 'branding', routes: brandingRoutes };
