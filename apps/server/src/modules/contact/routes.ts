import { contactMessageBody } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { contactService } from './service';

export function contactRoutes(app: FastifyInstance, deps: Deps) {
  const svc = contactService(deps);
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/contact',
    summary: 'Send a contact message (header Body-Hash: SHA-256 hex of description)',
    tags: ['contact'],
    access: 'public',
    body: contactMessageBody,
    response: z.object({ uuid: z.string() }),
    status: 201,
    handler: ({ req, body }) => {
      const raw = (req.body as { description?: unknown } | undefined)?.description;
      const header = req.headers['body-hash'];
      return svc.send(req, body, raw, typeof header === 'string' ? header : undefined);
    },
  });
}
