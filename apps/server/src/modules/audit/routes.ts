import { auditApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { auditService } from './service';

/** The audit log: a product's admins read its entries; superusers read everything. */
export function auditRoutes(app: FastifyInstance, deps: Deps) {
  const svc = auditService(deps);
  route(app, auditApi.log, ({ actor, query }) => svc.search(actor, query), { policy: 'audit.read' });
  route(app, auditApi.actions, ({ actor, query }) => svc.actions(actor, query.productUuid), {
    policy: 'audit.read',
  });
}
