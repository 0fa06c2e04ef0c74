import { testsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../lib/route';
import { testsService } from './service';

export function testsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = testsService(deps);
  route(app, testsApi.inProgress, ({ actor, query }) => svc.inProgress(actor, query.productUuid));
}
