import { accountsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './known-devices';
import { accountsService } from './service';

export function accountsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = accountsService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');

  route(app, accountsApi.login, async ({ body, client, req, reply }) => {
    const { sessionId, accessToken, deviceCookie } = await svc.login(body.username, body.password, client, {
      previousSessionId: req.cookies[SESSION_COOKIE],
      deviceCookie: req.cookies[DEVICE_COOKIE],
    });
    setSessionCookie(reply, sessionId, secure);
    // Sent to /login only: it proves this browser signed in to the account before (known-devices.ts).
    reply.setCookie(DEVICE_COOKIE, deviceCookie, {
      path: '/login',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    return { accessToken };
  });
  route(app, accountsApi.logout, async ({ actor, reply }) => {
    await svc.logout(actor);
    clearSessionCookie(reply, secure);
  });
  route(app, accountsApi.session, ({ actor }) => svc.session(actor));
  route(app, accountsApi.me, ({ actor }) => svc.me(actor));
  route(app, accountsApi.updateMe, ({ actor, body }) => svc.updateName(actor, body));
  route(app, accountsApi.user, ({ actor, params }) => svc.getUser(actor, params.id), { policy: 'user.read' });
  route(
    app,
    accountsApi.lastUsed,
    async ({ actor, body }) => (await svc.setLastUsed(actor, body.userUuid, body.productUuid)) ?? undefined,
    { policy: ['user.setActiveProduct', 'product.makeActive'] },
  );
  route(app, accountsApi.updatePassword, async ({ actor, body }) => {
    await svc.updatePassword(actor, body.currentPassword, body.newPassword);
    return { ok: true as const };
  });
  route(app, accountsApi.initiatePasswordReset, async ({ body, client }) => {
    await svc.initiatePasswordReset(body.emailAddress, client);
    return { ok: true as const };
  });
  route(app, accountsApi.completePasswordReset, async ({ query, body }) => {
    await svc.completePasswordReset(query.token, body.newPassword, body.emailAddress);
    return { ok: true as const };
  });
}
