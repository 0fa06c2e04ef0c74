import { salesApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { download, route } from '../../plugins/route';
import { salesService } from './service';

/** Admin → Sales: a product's admins and superusers read its sales, on screen and as CSV. */
export function salesRoutes(app: FastifyInstance, deps: Deps) {
  const svc = salesService(deps);
  const reading = { policy: 'sales.read' } as const;
  route(app, salesApi.report, ({ actor, params, query }) => svc.report(actor, params.id, query), reading);
  route(
    app,
    salesApi.exportCsv,
    async ({ actor, params, query }) => download(await svc.exportCsv(actor, params.id, query)),
    reading,
  );
}
