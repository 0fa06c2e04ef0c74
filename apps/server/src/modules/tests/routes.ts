import { testInProgress, testInProgressQuery } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/session';
import { testsService } from './service';

export function testsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = testsService(deps);
  const tags = ['tests'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/tests/inprogress',
    summary:
      "The caller's test in progress in their active product (or in productUuid); 404 NOT_FOUND means none",
    tags,
    access: 'user',
    query: testInProgressQuery,
    response: testInProgress,
    handler: ({ req, query }) => svc.inProgress(requireAuth(req), query.productUuid),
  });
}
