import { questionsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../lib/route';
import { questionsService } from './service';

/** SPEC §7 question calls: authoring, the review workflow, versions and comments. */
export function questionsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = questionsService(deps);
  route(app, questionsApi.create, ({ actor, body }) => svc.create(actor, body));
  route(app, questionsApi.update, ({ actor, params, body }) => svc.update(actor, params.id, body));
  route(app, questionsApi.remove, ({ actor, params }) => svc.remove(actor, params.id));
  route(app, questionsApi.get, ({ actor, params }) => svc.get(actor, params.id));
  route(app, questionsApi.list, ({ actor, params, query }) => svc.list(actor, params.id, query));
  route(app, questionsApi.statusCounts, ({ actor, params, query }) =>
    svc.statusCounts(actor, params.id, query.filterRole),
  );
  route(app, questionsApi.allowedStatuses, ({ actor, params }) => svc.allowedStatuses(actor, params.id));
  route(app, questionsApi.versions, ({ actor, params }) => svc.versions(actor, params.id));
  route(app, questionsApi.version, ({ actor, params }) => svc.version(actor, params.id, params.number));
  route(app, questionsApi.restore, ({ actor, params }) => svc.restore(actor, params.id, params.number));
  route(app, questionsApi.comments, ({ actor, params }) => svc.comments(actor, params.id));
  route(app, questionsApi.comment, ({ actor, params, body }) => svc.comment(actor, params.id, body.body));
}
