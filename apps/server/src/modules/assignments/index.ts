// The assignments module: a Test Bank template, at the version it had, given to cohorts and students with dates,
// attempts and when answers are shown; their attempts, results and item analysis (docs/assignments.md).
import type { ServerModule } from '../manifest';
import { assignmentsRoutes } from './routes';

export { seedAssignments } from './seed';
export { assignmentsService } from './service';

export const assignmentsModule: ServerModule = { name: 'assignments', routes: assignmentsRoutes };
