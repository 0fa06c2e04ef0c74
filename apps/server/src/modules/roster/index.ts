// The roster module: a product's students and their figures (the Students screen), for instructors and admins.
import type { ServerModule } from '../manifest';
import { rosterRoutes } from './routes';

export { changeStudentHolds } from './holds';
export { findCohort, lockStudentHolds } from './repository';

export const rosterModule: ServerModule = { name: 'roster', routes: rosterRoutes };
