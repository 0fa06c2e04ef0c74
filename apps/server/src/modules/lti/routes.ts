import { ltiApi } from '@qbank/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { ltiDeepLinkingService, PickerError } from './deep-linking';
import { LINK_TTL_MS, LOGIN_TTL_MS, LTI_BROWSER_COOKIE, ltiLaunchService } from './launch';
import { ltiRegistrationService } from './registration';
import { ltiService } from './service';
import { PlatformServiceError } from './services';
import {
  autoPostPage,
  deepLinkPickerPage,
  linkInWindowPage,
  messagePage,
  openInWindowPage,
  registrationResultPage,
  sendToolPage,
  storageGetPage,
  storagePutPage,
} from './tool-pages';

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
  const registrations = ltiRegistrationService(deps);
  route(
    app,
    ltiApi.createRegistration,
    ({ actor, params, body }) => registrations.create(actor, params.id, body.instructorsAllowed),
    managing,
  );
  // The platform shows this page in its own window or frame: one of the tool's pages (tool-pages.ts).
  route(app, ltiApi.register, async ({ query, reply }) => {
    let status = 200;
    let page: string;
    try {
      const { platform, productName, platformName } = await registrations.register(query);
      page = registrationResultPage({
        ok: true,
        title: `${productName} is connected`,
        lines: [
          `${platformName} can now open ${productName} on QBank Cloud: add it to a course as an external tool, and learners who follow it land in the QBank signed in.`,
          `Client id ${platform.clientId}${platform.deploymentIds.length ? `, deployment ${platform.deploymentIds.join(', ')}` : ''}. The QBank's admins see it under Admin → Course platforms.`,
        ],
      });
    } catch (e) {
      status = e instanceof AppError ? e.status : 502;
      page = registrationResultPage({
        ok: false,
        title: 'QBank Cloud could not be connected',
        lines: [
          e instanceof AppError || e instanceof PlatformServiceError
            ? e.message
            : 'Something went wrong. Try again.',
        ],
      });
      if (!(e instanceof AppError || e instanceof PlatformServiceError))
        deps.log.error({ err: e }, 'LTI registration failed');
    }
    return sendToolPage(reply, status, page);
  });
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
      // Past the login, for as long as a launch waits for its person to link their account.
      maxAge: Math.floor((LOGIN_TTL_MS + LINK_TTL_MS) / 1000),
    });
  const login = async (
    input: Parameters<typeof launches.login>[0],
    req: { cookies: Record<string, string | undefined> },
    reply: FastifyReply,
  ) => {
    const { redirect, browser, storage } = await launches.login(input, req.cookies[LTI_BROWSER_COOKIE]);
    bindBrowser(reply, browser);
    // Inside a frame (the platform offers its storage): the browser's secret is kept there too, then on.
    if (storage) return sendToolPage(reply, 200, storagePutPage({ ...storage, next: redirect }));
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(redirect, 302);
  };
  const deepLinks = ltiDeepLinkingService(deps);
  const origin = new URL(deps.config.publicUrl).origin;
  /** The picker of a deep linking launch, with the form's values and errors when it comes back. */
  const picker = async (
    reply: FastifyReply,
    code: string,
    status: number,
    form: { values: Record<string, string>; errors: Record<string, string> },
  ) =>
    sendToolPage(
      reply,
      status,
      deepLinkPickerPage({
        ...(await deepLinks.picker(code)),
        action: `${origin}/api/v2/lti/deepLinks`,
        code,
        ...form,
      }),
    );
  /** A refusal on one of the tool's pages (inside the platform's frame, JSON would show as text). */
  const refusedPage = (reply: FastifyReply, e: unknown) => {
    if (!(e instanceof AppError)) throw e;
    return sendToolPage(
      reply,
      e.status,
      messagePage({ title: 'QBank Cloud could not open', lines: [e.message], bad: true }),
    );
  };
  /**
   * A browser's navigation (a window or the platform's frame: Sec-Fetch-Dest) is refused with a page in words;
   * a call from code gets the JSON error as every endpoint does.
   */
  const asPage = async (
    req: { headers: Record<string, string | string[] | undefined> },
    reply: FastifyReply,
    work: () => Promise<FastifyReply>,
  ): Promise<void> => {
    try {
      await work();
    } catch (e) {
      const dest = req.headers['sec-fetch-dest'];
      if (e instanceof AppError && (dest === 'document' || dest === 'iframe' || dest === 'frame')) {
        await refusedPage(reply, e);
        return;
      }
      throw e;
    }
  };
  route(app, ltiApi.loginGet, ({ query, req, reply }) => asPage(req, reply, () => login(query, req, reply)));
  route(app, ltiApi.loginPost, ({ body, req, reply }) => asPage(req, reply, () => login(body, req, reply)));
  route(app, ltiApi.launch, ({ body, req, reply }) =>
    asPage(req, reply, () => launchRoute(body, req, reply)),
  );
  const launchRoute = async (
    body: { id_token: string; state: string; browser?: string | undefined },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const dest = req.headers['sec-fetch-dest'];
    const outcome = await launches.launch(body, {
      cookie: req.cookies[LTI_BROWSER_COOKIE],
      origin: req.headers.origin,
      framed: dest === 'iframe' || dest === 'frame',
    });
    if (outcome.kind === 'checkStorage')
      return sendToolPage(
        reply,
        200,
        storageGetPage({
          target: outcome.target,
          origin: outcome.origin,
          key: outcome.key,
          action: `${origin}/api/v2/lti/launch`,
          fields: { id_token: body.id_token, state: body.state },
        }),
      );
    const { code, kind, framed } = outcome;
    if (kind === 'deepLink') return picker(reply, code, 200, { values: {}, errors: {} });
    reply.header('Cache-Control', 'no-store');
    // An e-mail with an account here: the person signs in to it, once, to link it (the app's page).
    const linkPage = `/lti/link/${encodeURIComponent(code)}`;
    if (kind === 'link') {
      // Inside a frame the page opens in a new window, which takes the browser's secret as its cookie.
      const secret = body.browser ?? req.cookies[LTI_BROWSER_COOKIE];
      if (framed && secret)
        return sendToolPage(
          reply,
          200,
          linkInWindowPage({
            productName: outcome.productName,
            code,
            browser: secret,
            action: `${origin}/api/v2/lti/linkWindow`,
          }),
        );
      return reply.redirect(linkPage, 303);
    }
    // Inside the course's frame the bank opens in a window of its own, from a button posting the code.
    if (framed)
      return sendToolPage(
        reply,
        200,
        openInWindowPage({
          productName: outcome.productName,
          code,
          action: `${origin}/api/v2/lti/enter`,
          landing: 'The QBank',
        }),
      );
    return reply.redirect(`/api/v2/lti/enter?code=${encodeURIComponent(code)}`, 303);
  };
  route(app, ltiApi.placeDeepLink, async ({ body, reply }) => {
    const code = body.code ?? '';
    try {
      const { returnUrl, jwt, name } = await deepLinks.place(body);
      return sendToolPage(
        reply,
        200,
        autoPostPage({
          title: `${name} is placed`,
          text: 'Back to the course…',
          action: returnUrl,
          fields: { JWT: jwt },
          button: 'Return to the course',
        }),
      );
    } catch (e) {
      if (e instanceof PickerError) {
        try {
          return await picker(reply, code, 400, { values: e.values, errors: e.errors });
        } catch (inner) {
          return refusedPage(reply, inner);
        }
      }
      return refusedPage(reply, e);
    }
  });
  route(app, ltiApi.linkWindow, async ({ body, reply }) => {
    await launches.openLinkWindow(body.code, body.browser);
    bindBrowser(reply, body.browser);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`/lti/link/${encodeURIComponent(body.code)}`, 303);
  });
  route(app, ltiApi.linkPreview, ({ params }) => launches.linkPreview(params.code));
  route(app, ltiApi.link, ({ actor, params, req }) =>
    launches.link(actor.userId, params.code, req.cookies[LTI_BROWSER_COOKIE]),
  );
  const enter = async (
    code: string,
    req: { cookies: Record<string, string | undefined> },
    reply: FastifyReply,
    client: Parameters<typeof launches.enter>[1]['client'],
  ) => {
    const { session, landing } = await launches.enter(code, {
      previousSessionId: req.cookies[SESSION_COOKIE],
      client,
    });
    setSessionCookie(reply, session.sessionId, secure);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(landing, 303);
  };
  route(app, ltiApi.enter, ({ query, req, reply, client }) => enter(query.code, req, reply, client));
  route(app, ltiApi.enterPost, ({ body, req, reply, client }) => enter(body.code, req, reply, client));
}
