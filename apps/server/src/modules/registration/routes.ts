import { registrationApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { Client } from '../../plugins/route';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { type Finisher, registrationService } from './service';

/** The cookie that binds a streamlined registration to the browser that started it (see the service). */
const BROWSER_COOKIE = 'qbank_registration';
const REGISTRATION_TTL_S = 60 * 60;

export function registrationRoutes(app: FastifyInstance, deps: Deps) {
  const svc = registrationService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  // The request's cookies become plain values here: the service never sees the request.
  const finisher = (cookies: Record<string, string | undefined>, client: Client): Finisher => ({
    browserNonce: cookies[BROWSER_COOKIE],
    previousSessionId: cookies[SESSION_COOKIE],
    client,
  });

  route(app, registrationApi.initiate, async ({ body, client }) => {
    await svc.initiate(body, client);
    return { ok: true as const };
  });
  route(app, registrationApi.initiateStreamlined, async ({ body, client, reply }) => {
    const { password, stripePriceId, ...person } = body;
    const { browserNonce } = await svc.initiate(person, client, { password, stripePriceId });
    if (browserNonce)
      reply.setCookie(BROWSER_COOKIE, browserNonce, {
        path: '/api/v1/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: REGISTRATION_TTL_S,
      });
    return { ok: true as const };
  });
  route(app, registrationApi.fetch, ({ query, req, actor }) =>
    svc.fetchRegistration(query.token, req.cookies[BROWSER_COOKIE], actor !== null),
  );
  route(app, registrationApi.complete, async ({ query, body, client, req, reply }) => {
    const { sessionId, accessToken } = await svc.complete(query.token, body, finisher(req.cookies, client));
    setSessionCookie(reply, sessionId, secure);
    return { accessToken };
  });
  route(app, registrationApi.completeStreamlined, async ({ query, client, req, reply }) => {
    const { sessionId, ...answer } = await svc.completeStreamlined(
      query.token,
      finisher(req.cookies, client),
    );
    setSessionCookie(reply, sessionId, secure);
    return answer;
  });
}
