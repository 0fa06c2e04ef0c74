import { platformHealthApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { platformHealthService } from './service';

/** Super → Platform health: superusers only (the 'superuser.health' policy; anyone else gets 403). */
export function platformHealthRoutes(app: FastifyInstance, deps: Deps) {
  const svc = platformHealthService(deps);
  const policy = 'superuser.health';
  route(app, platformHealthApi.summary, ({ actor }) => svc.summary(actor), { policy });
  route(app, platformHealthApi.jobs, ({ actor, query }) => svc.jobs(actor, query.state, query.page), {
    policy,
  });
  route(app, platformHealthApi.mail, ({ actor, query }) => svc.mail(actor, query.state, query.page), {
    policy,
  });
  route(app, platformHealthApi.webhooks, ({ actor, query }) => svc.webhooks(actor, query.state, query.page), {
    policy,
  });
  route(app, platformHealthApi.retryJob, ({ actor, params }) => svc.retryJob(actor, params.id), { policy });
  route(app, platformHealthApi.resendMail, ({ actor, params }) => svc.resendMail(actor, params.id), {
    policy,
  });
  route(app, platformHealthApi.replayWebhook, ({ actor, params }) => svc.replayWebhook(actor, params.id), {
    policy,
  });
}
