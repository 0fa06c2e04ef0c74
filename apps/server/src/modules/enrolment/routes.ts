import { enrolmentApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { enrolmentService } from './service';

/** Enrolment's calls: instructors and admins invite and make codes; the invited accept, learners join. */
export function enrolmentRoutes(app: FastifyInstance, deps: Deps) {
  const svc = enrolmentService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  const managing = { policy: 'enrolment.manage' } as const;
  route(app, enrolmentApi.seats, ({ actor, params }) => svc.seats(actor, params.id), managing);
  route(app, enrolmentApi.setSeatCap, ({ actor, params, body }) => svc.setCap(actor, params.id, body.cap), {
    policy: 'seats.manage',
  });
  route(app, enrolmentApi.invite, ({ actor, params, body }) => svc.invite(actor, params.id, body), managing);
  route(
    app,
    enrolmentApi.invitations,
    ({ actor, params, query }) => svc.invitations(actor, params.id, query.status),
    managing,
  );
  route(app, enrolmentApi.resendInvitation, ({ actor, params }) => svc.resend(actor, params.id));
  route(app, enrolmentApi.revokeInvitation, ({ actor, params }) => svc.revoke(actor, params.id));
  route(app, enrolmentApi.invitationByToken, ({ params }) => svc.invitationPreview(params.token));
  route(app, enrolmentApi.acceptInvitation, async ({ actor, params, body, client, req, reply }) => {
    const { session, ...joined } = await svc.acceptInvitation(actor, params.token, body, {
      previousSessionId: req.cookies[SESSION_COOKIE],
      client,
    });
    if (session) setSessionCookie(reply, session.sessionId, secure);
    return { ...joined, accessToken: session?.accessToken ?? null };
  });
  route(app, enrolmentApi.codes, ({ actor, params }) => svc.codes(actor, params.id), managing);
  route(
    app,
    enrolmentApi.createCode,
    ({ actor, params, body }) => svc.createCode(actor, params.id, body),
    managing,
  );
  route(app, enrolmentApi.revokeCode, ({ actor, params }) => svc.revokeCode(actor, params.id));
  route(app, enrolmentApi.codePreview, ({ params }) => svc.codePreview(params.code));
  route(app, enrolmentApi.join, ({ actor, params }) => svc.join(actor, params.code));
}
