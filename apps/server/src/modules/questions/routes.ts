import { problemReportsApi, questionsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { problemReportsService } from './problem-reports';
import { questionsService } from './service';

/** Changes to a question where it is in the workflow. */
const saving = { policy: ['question.read', 'question.save'] } as const;
/** The review thread and the versions: the question's staff. */
const reviewing = { policy: 'question.review' } as const;

/** SPEC §7 question calls: authoring, the review workflow, versions and comments. */
export function questionsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = questionsService(deps);
  route(app, questionsApi.create, ({ actor, body }) => svc.create(actor, body), {
    policy: 'question.create',
  });
  route(app, questionsApi.update, ({ actor, params, body }) => svc.update(actor, params.id, body), saving);
  route(app, questionsApi.remove, ({ actor, params }) => svc.remove(actor, params.id), saving);
  route(app, questionsApi.get, ({ actor, params }) => svc.get(actor, params.id), {
    policy: ['question.read', 'question.solution'],
  });
  route(app, questionsApi.browse, ({ actor, params, query }) => svc.browse(actor, params.id, query), {
    policy: ['product.view', 'questions.browse'],
  });
  route(app, questionsApi.list, ({ actor, params, query }) => svc.list(actor, params.id, query), {
    policy: 'questions.list',
  });
  route(
    app,
    questionsApi.statusCounts,
    ({ actor, params, query }) => svc.statusCounts(actor, params.id, query.filterRole),
    { policy: 'questions.list' },
  );
  route(app, questionsApi.itemStatistics, ({ actor, params }) => svc.itemStatistics(actor, params.id), {
    policy: 'question.itemStatistics',
  });
  route(app, questionsApi.allowedStatuses, ({ actor, params }) => svc.allowedStatuses(actor, params.id), {
    policy: 'question.read',
  });
  route(app, questionsApi.versions, ({ actor, params }) => svc.versions(actor, params.id), reviewing);
  route(
    app,
    questionsApi.version,
    ({ actor, params }) => svc.version(actor, params.id, params.number),
    reviewing,
  );
  route(app, questionsApi.restore, ({ actor, params }) => svc.restore(actor, params.id, params.number), {
    policy: ['question.review', 'question.save'],
  });
  route(app, questionsApi.discardRevision, ({ actor, params }) => svc.discardRevision(actor, params.id), {
    policy: ['question.read', 'question.discardRevision'],
  });
  route(app, questionsApi.comments, ({ actor, params }) => svc.comments(actor, params.id), reviewing);
  route(
    app,
    questionsApi.comment,
    ({ actor, params, body }) => svc.comment(actor, params.id, body.body),
    reviewing,
  );

  // A learner's "Report a problem" and its resolution (decision 0029).
  const reports = problemReportsService(deps);
  route(
    app,
    problemReportsApi.report,
    ({ actor, params, body }) => reports.report(actor, params.id, body.body),
    { policy: 'question.report' },
  );
  route(app, problemReportsApi.resolve, ({ actor, params }) => reports.resolve(actor, params.id), reviewing);
}
