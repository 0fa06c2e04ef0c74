import { superuserApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { superuserService } from './service';

/** Super → Users: superusers only (the 'superuser.users' policy; anyone else gets 403). */
export function superuserRoutes(app: FastifyInstance, deps: Deps) {
  const svc = superuserService(deps);
  const policy = 'superuser.users';
  route(app, superuserApi.users, ({ actor, query }) => svc.users(actor, query.search, query.page), {
    policy,
  });
  route(app, superuserApi.user, ({ actor, params }) => svc.user(actor, params.id), { policy });
  route(
    app,
    superuserApi.setSuperuser,
    ({ actor, params, body }) => svc.setSuperuser(actor, params.id, body.superuser),
    { policy },
  );
  route(app, superuserApi.endSessions, ({ actor, params }) => svc.endSessions(actor, params.id), { policy });
  route(
    app,
    superuserApi.setDisabled,
    ({ actor, params, body }) => svc.setDisabled(actor, params.id, body.disabled),
    { policy },
  );
  route(
    app,
    superuserApi.resendVerification,
    ({ actor, params }) => svc.resendVerification(actor, params.id),
    {
      policy,
    },
  );
}
