import { contactApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { contactService } from './service';

export function contactRoutes(app: FastifyInstance, deps: Deps) {
  const svc = contactService(deps);
  route(app, contactApi.send, ({ actor, client, body, unvalidatedBody, req }) => {
    // The Body-Hash is over the description as it was sent, before the schema trimmed it.
    const raw = (unvalidatedBody as { description?: unknown } | undefined)?.description;
    const header = req.headers['body-hash'];
    return svc.send(
      { userId: actor?.userId ?? null, client },
      body,
      raw,
      typeof header === 'string' ? header : undefined,
    );
  });
}
