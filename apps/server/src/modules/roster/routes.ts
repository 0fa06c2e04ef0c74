import { rosterApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { download, route } from '../../plugins/route';
import { performanceService } from './performance';
import { rosterService } from './service';

/** The Students screen's calls: instructors and admins of the product, and superusers. */
export function rosterRoutes(app: FastifyInstance, deps: Deps) {
  const svc = rosterService(deps);
  const perf = performanceService(deps);
  route(app, rosterApi.performance, ({ actor, params, query }) => perf.report(actor, params.id, query), {
    policy: 'roster.read',
  });
  route(app, rosterApi.students, ({ actor, params, query }) => svc.students(actor, params.id, query), {
    policy: 'roster.read',
  });
  route(app, rosterApi.student, ({ actor, params }) => svc.student(actor, params.id, params.userId), {
    policy: 'roster.read',
  });
  route(
    app,
    rosterApi.studentTestReview,
    ({ actor, params }) => svc.studentReview(actor, params.id, params.userId, params.testId),
    { policy: 'roster.read' },
  );
  route(
    app,
    rosterApi.exportStudents,
    async ({ actor, params, query }) => download(await svc.exportStudents(actor, params.id, query)),
    { policy: 'roster.read' },
  );
  route(
    app,
    rosterApi.studentAccess,
    ({ actor, params, body }) => svc.setAccess(actor, params.id, body.userUuids, body.action),
    { policy: 'roster.manage' },
  );
  route(
    app,
    rosterApi.cohorts,
    ({ actor, params, query }) => svc.cohorts(actor, params.id, query.includeArchived),
    { policy: 'roster.read' },
  );
  route(app, rosterApi.createCohort, ({ actor, params, body }) => svc.createCohort(actor, params.id, body), {
    policy: 'roster.manage',
  });
  route(app, rosterApi.updateCohort, ({ actor, params, body }) => svc.updateCohort(actor, params.id, body), {
    policy: 'roster.manage',
  });
  route(
    app,
    rosterApi.addCohortMembers,
    ({ actor, params, body }) => svc.addMembers(actor, params.id, body.userUuids),
    { policy: 'roster.manage' },
  );
  route(
    app,
    rosterApi.removeCohortMembers,
    ({ actor, params, body }) => svc.removeMembers(actor, params.id, body.userUuids),
    { policy: 'roster.manage' },
  );
}
