import { testsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route, routeProvingSession } from '../../lib/route';
import { testReadsService } from './read-service';
import { testsService } from './service';

export function testsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = testsService(deps);
  const reads = testReadsService(deps);
  route(app, testsApi.inProgress, ({ actor, query }) => svc.inProgress(actor, query.productUuid));
  route(app, testsApi.available, ({ actor, params, query }) => svc.available(actor, params.id, query.pools), {
    policy: 'tests.take',
  });
  route(app, testsApi.create, ({ actor, body }) => svc.create(actor, body), { policy: 'tests.take' });
  route(
    app,
    testsApi.list,
    ({ actor, query }) => reads.list(actor, query.productUuid, query.page, query.size),
    { policy: 'tests.take' },
  );
  route(app, testsApi.dashboard, ({ actor, params }) => reads.dashboard(actor, params.id), {
    policy: 'tests.take',
  });
  route(app, testsApi.alive, ({ actor, body }) => svc.alive(actor, body.testUuid, body.questionUuid), {
    policy: 'test.own',
  });
  route(app, testsApi.questions, ({ actor, params }) => reads.questions(actor, params.id), {
    policy: 'test.own',
  });
  route(app, testsApi.start, ({ actor, params, body }) => svc.start(actor, params.id, body.questionUuid), {
    policy: 'test.own',
  });
  route(app, testsApi.pause, ({ actor, params }) => svc.pause(actor, params.id), { policy: 'test.own' });
  route(app, testsApi.finalize, ({ actor, params }) => svc.finalize(actor, params.id), {
    policy: 'test.own',
  });
  // The busiest call: its write checks the session itself (one statement per answer, none before it).
  routeProvingSession(app, testsApi.answer, ({ caller, params, body }) =>
    svc.answer(caller, params.id, params.qid, body.choice),
  );
  route(app, testsApi.unanswer, ({ actor, params }) => svc.unanswer(actor, params.id, params.qid), {
    policy: 'test.own',
  });
  route(
    app,
    testsApi.flag,
    ({ actor, params, body }) => svc.flag(actor, params.id, params.qid, body.flagged),
    { policy: 'test.own' },
  );
  route(app, testsApi.marks, ({ actor, params, body }) => svc.marks(actor, params.id, params.qid, body), {
    policy: 'test.own',
  });
  route(app, testsApi.review, ({ actor, params }) => reads.review(actor, params.id), { policy: 'test.own' });
}
