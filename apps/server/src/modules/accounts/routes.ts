import {
  completePasswordResetBody,
  initiatePasswordResetBody,
  lastUsedBody,
  loginForm,
  loginResponse,
  okResponse,
  passwordUpdateBody,
  sessionResponse,
  tokenQuery,
  userMe,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/session';
import { accountsService } from './service';

export function accountsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = accountsService(deps);
  const tags = ['accounts'];

  defineRoute(app, {
    method: 'POST',
    url: '/login',
    summary: 'Sign in with form data (username, password)',
    tags,
    access: 'public',
    body: loginForm,
    response: loginResponse,
    handler: ({ req, reply, body }) => svc.login(req, reply, body.username, body.password),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/logout',
    summary: 'Sign out: ends the session',
    tags,
    access: 'optional',
    status: 204,
    handler: async ({ req, reply }) => {
      await svc.logout(req.auth, reply);
      return undefined;
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/session',
    summary: 'The current session: access token and user, or 401',
    tags,
    access: 'user',
    response: sessionResponse,
    handler: ({ req }) => svc.session(requireAuth(req)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/users/me',
    summary: 'The signed-in user',
    tags,
    access: 'user',
    response: userMe,
    handler: ({ req }) => svc.me(requireAuth(req)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/users/:id',
    summary: 'A user (oneself, or anyone for a superuser)',
    tags,
    access: 'user',
    params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
    response: userMe,
    handler: ({ req, params }) => svc.getUser(requireAuth(req), params.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/lastused',
    summary: 'Change the active product',
    tags,
    access: 'user',
    body: lastUsedBody,
    response: userMe,
    handler: async ({ req, body }) =>
      (await svc.setLastUsed(requireAuth(req), body.userUuid, body.productUuid)) ?? undefined,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/initiatePasswordUpdate',
    summary: 'Change the password (checks the current one)',
    tags,
    access: 'user',
    body: passwordUpdateBody,
    response: okResponse,
    handler: async ({ req, body }) => {
      await svc.updatePassword(requireAuth(req), body.currentPassword, body.newPassword);
      return { ok: true as const };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/initiatePasswordReset',
    summary: 'Mail a password-reset link',
    tags,
    access: 'public',
    body: initiatePasswordResetBody,
    response: okResponse,
    handler: async ({ req, body }) => {
      await svc.initiatePasswordReset(req, body.emailAddress);
      return { ok: true as const };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/completePasswordReset',
    summary: 'Set a new password from a reset link',
    tags,
    access: 'public',
    query: tokenQuery,
    body: completePasswordResetBody,
    response: okResponse,
    handler: async ({ query, body }) => {
      await svc.completePasswordReset(query.token, body.newPassword, body.emailAddress);
      return { ok: true as const };
    },
  });
}
