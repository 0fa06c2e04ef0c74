import { staffApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { staffService } from './service';

/** Staff's calls: a product's admins grant and revoke staff roles and invite; the invited accept. */
export function staffRoutes(app: FastifyInstance, deps: Deps) {
  const svc = staffService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  const managing = { policy: 'staff.manage' } as const;
  route(app, staffApi.list, ({ actor, params }) => svc.list(actor, params.id), managing);
  route(app, staffApi.setRoles, ({ actor, params, body }) => svc.setRoles(actor, params.id, body), managing);
  route(app, staffApi.invitations, ({ actor, params }) => svc.invitations(actor, params.id), managing);
  route(app, staffApi.resendInvitation, ({ actor, params }) => svc.resend(actor, params.id), managing);
  route(app, staffApi.revokeInvitation, ({ actor, params }) => svc.revoke(actor, params.id), managing);
  route(app, staffApi.invitationByToken, ({ params }) => svc.invitationPreview(params.token));
  route(app, staffApi.acceptInvitation, async ({ actor, params, body, client, req, reply }) => {
    const { session, ...joined } = await svc.acceptInvitation(actor, params.token, body, {
      previousSessionId: req.cookies[SESSION_COOKIE],
      client,
    });
    if (session) setSessionCookie(reply, session.sessionId, secure);
    return { ...joined, accessToken: session?.accessToken ?? null };
  });
}
