import { ltiApi } from '@qbank/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { LOGIN_TTL_MS, LTI_BROWSER_COOKIE, ltiLaunchService } from './launch';
import { ltiService } from './service';

/** LTI's calls: the admins connect platforms; the platforms' logins and launches; the entry into the bank. */
export function ltiRoutes(app: FastifyInstance, deps: Deps) {
  const svc = ltiService(deps);
  const launches = ltiLaunchService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  const managing = { policy: 'lti.manage' } as const;
  route(app, ltiApi.platforms, ({ actor, params }) => svc.list(actor, params.id), managing);
  route(app, ltiApi.toolValues, ({ actor, params }) => svc.toolValues(actor, params.id), managing);
  route(app, ltiApi.addPlatform, ({ actor, params, body }) => svc.add(actor, params.id, body), managing);
  route(
    app,
    ltiApi.setPlatformEnabled,
    ({ actor, params, body }) => svc.setEnabled(actor, params.id, body.enabled),
    managing,
  );
  route(app, ltiApi.removePlatform, ({ actor, params }) => svc.remove(actor, params.id), managing);
  route(app, ltiApi.courses, ({ actor, params }) => svc.courses(actor, params.id), managing);
  route(
    app,
    ltiApi.syncCourses,
    ({ actor, params, body }) => svc.syncCourses(actor, params.id, body.contextIds),
    managing,
  );
  route(app, ltiApi.keySet, async ({ reply }) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return svc.keySet();
  });

  // The login comes back as a cross-site form post from the platform: the cookie binding it to this browser
  // must travel with it (SameSite=None, which browsers take only with Secure; Lax on plain http for development).
  const bindBrowser = (reply: FastifyReply, browser: string) =>
    reply.setCookie(LTI_BROWSER_COOKIE, browser, {
      path: '/api/v2/lti',
      httpOnly: true,
      secure,
      sameSite: secure ? 'none' : 'lax',
      maxAge: Math.floor(LOGIN_TTL_MS / 1000),
    });
  const login = async (
    input: Parameters<typeof launches.login>[0],
    req: { cookies: Record<string, string | undefined> },
    reply: FastifyReply,
  ) => {
    const { redirect, browser } = await launches.login(input, req.cookies[LTI_BROWSER_COOKIE]);
    bindBrowser(reply, browser);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(redirect, 302);
  };
  route(app, ltiApi.loginGet, ({ query, req, reply }) => login(query, req, reply));
  route(app, ltiApi.loginPost, ({ body, req, reply }) => login(body, req, reply));
  route(app, ltiApi.launch, async ({ body, req, reply }) => {
    const { code } = await launches.launch(body, req.cookies[LTI_BROWSER_COOKIE]);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`/api/v2/lti/enter?code=${encodeURIComponent(code)}`, 303);
  });
  route(app, ltiApi.enter, async ({ query, req, reply, client }) => {
    const { session } = await launches.enter(query.code, {
      previousSessionId: req.cookies[SESSION_COOKIE],
      client,
    });
    setSessionCookie(reply, session.sessionId, secure);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect('/dashboard', 303);
  });
}
