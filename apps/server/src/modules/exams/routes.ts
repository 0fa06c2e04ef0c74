import { testsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route, routeProvingSession } from '../../plugins/route';
import { testReadsService, testsService } from './service';

/** Calls about taking tests in a product: an active subscription to it. */
const taking = { policy: 'tests.take' } as const;
/** Calls on one test: its taker's alone. */
const owning = { policy: 'test.own' } as const;
/** Reading or resuming one: its taker, unless the product's instructors hold their access. */
const reading = { policy: 'test.read' } as const;

export function testsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = testsService(deps);
  const reads = testReadsService(deps);
  route(app, testsApi.inProgress, ({ actor, query }) => svc.inProgress(actor, query.productUuid));
  route(
    app,
    testsApi.available,
    ({ actor, params, query }) => svc.available(actor, params.id, query.pools),
    taking,
  );
  route(app, testsApi.create, ({ actor, body }) => svc.create(actor, body), taking);
  route(
    app,
    testsApi.list,
    ({ actor, query }) => reads.list(actor, query.productUuid, query.page, query.size),
    taking,
  );
  route(app, testsApi.dashboard, ({ actor, params }) => reads.dashboard(actor, params.id), taking);
  // Sent every few seconds from every exam screen: like the answer, its write checks the session itself.
  routeProvingSession(app, testsApi.alive, ({ caller, body }) =>
    svc.alive(caller, body.testUuid, body.questionUuid, body.leaving === true),
  );
  route(app, testsApi.questions, ({ actor, params }) => reads.questions(actor, params.id), reading);
  route(
    app,
    testsApi.start,
    ({ actor, params, body }) => svc.start(actor, params.id, body.questionUuid),
    reading,
  );
  route(app, testsApi.pause, ({ actor, params }) => svc.pause(actor, params.id), owning);
  route(app, testsApi.finalize, ({ actor, params }) => svc.finalize(actor, params.id), owning);
  // The busiest call: its write checks the session itself (one statement per answer, none before it).
  routeProvingSession(app, testsApi.answer, ({ caller, params, body }) =>
    svc.answer(caller, params.id, params.qid, body.choice),
  );
  route(app, testsApi.unanswer, ({ actor, params }) => svc.unanswer(actor, params.id, params.qid), owning);
  route(
    app,
    testsApi.flag,
    ({ actor, params, body }) => svc.flag(actor, params.id, params.qid, body.flagged),
    owning,
  );
  route(
    app,
    testsApi.marks,
    ({ actor, params, body }) => svc.marks(actor, params.id, params.qid, body),
    owning,
  );
  route(app, testsApi.review, ({ actor, params }) => reads.review(actor, params.id), reading);
}
