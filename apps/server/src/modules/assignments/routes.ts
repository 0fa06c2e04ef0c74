import { assignmentsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { download, route } from '../../plugins/route';
import { assignmentsService } from './service';

/** Assignments: their instructors (and admins, superusers) manage them; the students given them take them. */
export function assignmentsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = assignmentsService(deps);
  const teaching = { policy: 'templates.manage' } as const;
  route(
    app,
    assignmentsApi.assignments,
    ({ actor, params, query }) => svc.list(actor, params.id, query),
    teaching,
  );
  route(
    app,
    assignmentsApi.createAssignment,
    ({ actor, params, body }) => svc.create(actor, params.id, body),
    teaching,
  );
  route(app, assignmentsApi.assignment, ({ actor, params }) => svc.read(actor, params.id), teaching);
  route(
    app,
    assignmentsApi.updateAssignment,
    ({ actor, params, body }) => svc.update(actor, params.id, body),
    teaching,
  );
  route(app, assignmentsApi.deleteAssignment, ({ actor, params }) => svc.remove(actor, params.id), teaching);
  route(app, assignmentsApi.results, ({ actor, params }) => svc.results(actor, params.id), teaching);
  route(
    app,
    assignmentsApi.exportResults,
    async ({ actor, params, query }) => download(await svc.exportResults(actor, params.id, query.format)),
    teaching,
  );
  route(
    app,
    assignmentsApi.studentAssignments,
    ({ actor, params }) => svc.ofStudent(actor, params.id, params.userId),
    { policy: 'roster.read' },
  );
  route(app, assignmentsApi.myAssignments, ({ actor, params }) => svc.mine(actor, params.id), {
    policy: 'tests.take',
  });
  route(
    app,
    assignmentsApi.startAttempt,
    ({ actor, params, body }) => svc.start(actor, params.id, body.uuid),
    {
      policy: 'tests.take',
    },
  );
}
