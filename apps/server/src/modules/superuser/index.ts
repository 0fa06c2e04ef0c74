// The superuser module: Super → Users (find any account; superuser flag, sessions, disabling, verification mail)
// and Super → Products (every QBank; creating, suspending, restoring, moving its admin role).
import type { ServerModule } from '../manifest';
import { superuserProductsRoutes } from './products-routes';
import { superuserRoutes } from './routes';

export const superuserModule: ServerModule = {
  name: 'superuser',
  routes(app, deps) {
    superuserRoutes(app, deps);
    superuserProductsRoutes(app, deps);
  },
};
