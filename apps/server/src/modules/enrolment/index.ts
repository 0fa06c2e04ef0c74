// The enrolment module: how students come into a QBank — invitations, codes, seats and the cap
// (docs/enrolment.md). Every way of enrolling goes through enrolStudents.
import type { ServerModule } from '../manifest';
import { withIngestion } from './ingestion-routes';
import { enrolmentRoutes } from './routes';

export { capReached, type EnrolmentSource, type EnrolOutcome, enrolStudents } from './enrol';

export const enrolmentModule: ServerModule = withIngestion({ name: 'enrolment', routes: enrolmentRoutes });
