import { registrationApi } from '@qbank/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import type { Client } from '../../plugins/route';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { referralOf } from '../referrals';
import { type Finisher, registrationService } from './service';

/** The registration cookie of the browser that started one (see the service): `<user id>.<nonce>`. */
const BROWSER_COOKIE = 'qbank_registration';
const REGISTRATION_TTL_S = 60 * 60;

export function registrationRoutes(app: FastifyInstance, deps: Deps) {
  const svc = registrationService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  // The request's cookies become plain values here: the service never sees the request.
  const finisher = (cookies: Record<string, string | undefined>, client: Client): Finisher => ({
    previousSessionId: cookies[SESSION_COOKIE],
    client,
  });
  const keepBrowserCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(BROWSER_COOKIE, value, {
      path: '/api/v1/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: REGISTRATION_TTL_S,
    });

  route(app, registrationApi.initiate, async ({ body, client, req, reply }) => {
    const { browserCookie } = await svc.initiate(
      body,
      client,
      req.cookies[BROWSER_COOKIE],
      undefined,
      referralOf(req),
    );
    keepBrowserCookie(reply, browserCookie);
    return { ok: true as const };
  });
  route(app, registrationApi.initiateStreamlined, async ({ body, client, req, reply }) => {
    const { password, stripePriceId, ...person } = body;
    const { browserCookie } = await svc.initiate(
      person,
      client,
      req.cookies[BROWSER_COOKIE],
      { password, stripePriceId },
      referralOf(req),
    );
    keepBrowserCookie(reply, browserCookie);
    return { ok: true as const };
  });
  route(app, registrationApi.fetch, ({ query, actor }) => svc.fetchRegistration(query.token, actor !== null));
  route(app, registrationApi.status, ({ req }) => svc.status(req.cookies[BROWSER_COOKIE]));
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
