// The superuser module: Super → Users (find any account; superuser flag, sessions, disabling, verification mail).
import type { ServerModule } from '../manifest';
import { superuserRoutes } from './routes';

export const superuserModule: ServerModule = { name: 'superuser', routes: superuserRoutes };
