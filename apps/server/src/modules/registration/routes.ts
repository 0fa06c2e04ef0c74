import {
  completeRegistrationBody,
  initiateRegistrationBody,
  initiateStreamlinedRegistrationBody,
  loginResponse,
  okResponse,
  registrationData,
  tokenQuery,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { registrationService } from './service';

/**
 * A null or empty password is no password: the service answers it with SPEC §5's
 * 'Expected a password for the streamlined flow', not with a length rule.
 */
const streamlinedBody = z.preprocess((v) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { password, ...rest } = v as Record<string, unknown>;
  return password === null || password === '' ? rest : v;
}, initiateStreamlinedRegistrationBody);

export function registrationRoutes(app: FastifyInstance, deps: Deps) {
  const svc = registrationService(deps);
  const tags = ['registration'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/initiateRegistration',
    summary: 'Start a registration; mails the verification link',
    tags,
    access: 'public',
    body: initiateRegistrationBody,
    response: okResponse,
    status: 201,
    handler: async ({ req, body }) => {
      await svc.initiate(req, body);
      return { ok: true as const };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/initiateStreamlinedRegistration',
    summary: 'Start a registration with a password, bound for checkout',
    tags,
    access: 'public',
    body: streamlinedBody,
    response: okResponse,
    status: 201,
    handler: async ({ req, reply, body }) => {
      const { password, stripePriceId, ...person } = body;
      await svc.initiate(req, person, { password, stripePriceId }, reply);
      return { ok: true as const };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/fetchRegistration',
    summary: 'What a registration link carries',
    tags,
    access: 'public',
    query: tokenQuery,
    response: registrationData,
    handler: ({ req, query }) => svc.fetchRegistration(req, query.token),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/completeRegistration',
    summary: 'Finish a registration and sign in',
    tags,
    access: 'public',
    query: tokenQuery,
    body: completeRegistrationBody,
    response: loginResponse,
    handler: ({ req, reply, query, body }) => svc.complete(req, reply, query.token, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/completeStreamlinedRegistration',
    summary: 'Finish a streamlined registration and sign in',
    tags,
    access: 'public',
    query: tokenQuery,
    response: z.object({ accessToken: z.string(), customerId: z.string(), stripePriceId: z.string() }),
    handler: ({ req, reply, query }) => svc.completeStreamlined(req, reply, query.token),
  });
}
