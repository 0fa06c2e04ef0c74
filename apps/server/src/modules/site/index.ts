// The site module: health, the API document and the site's static answers (policies, robots).
import type { ServerModule } from '../manifest';
import { siteRoutes } from './routes';

export { registerApiDocs } from './routes';

export const siteModule: ServerModule = { name: 'site', routes: siteRoutes };
