// The exams module: SPEC's practice tests — creating, taking (the exam screen), reviewing, the dashboard. (Not
// a folder named tests: tools take that for test code.)
import type { ServerModule } from '../manifest';
import { EXPIRY_EVERY_MS, finalizeExpiredTests } from './expiry';
import { testsRoutes } from './routes';

export { type Drawn, recordFirstAttempt } from './repository';
export { type SeededTest, seedAttempt, seedTestHistory } from './seed';
export { standingOf, testReadsService, testsService } from './service';

export const examsModule: ServerModule = {
  name: 'exams',
  routes: testsRoutes,
  every: [
    {
      name: 'tests: end timed tests whose time ran out',
      everyMs: EXPIRY_EVERY_MS,
      run: (deps, now) => finalizeExpiredTests(deps, now),
    },
  ],
};
