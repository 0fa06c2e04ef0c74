// The tests module: practice tests — creating, taking (the exam screen), reviewing, and the dashboard.
import type { ServerModule } from '../manifest';
import { EXPIRY_EVERY_MS, finalizeExpiredTests } from './expiry';
import { testsRoutes } from './routes';

export { seedTestHistory } from './seed';

export const testsModule: ServerModule = {
  name: 'tests',
  routes: testsRoutes,
  every: [
    {
      name: 'tests: end timed tests whose time ran out',
      everyMs: EXPIRY_EVERY_MS,
      run: (deps, now) => finalizeExpiredTests(deps, now),
    },
  ],
};
