import { registrationApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { keepReferralCookie } from './attribution';
import { referralsService } from './service';

/** The landing page's tokenId: a referral token recorded once per visitor (DESIGN.md §5). */
export function referralRoutes(app: FastifyInstance, deps: Deps) {
  const svc = referralsService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  route(app, registrationApi.referral, async ({ body, client, reply }) => {
    await svc.record(body.tokenId, client);
    // Kept for attribution (docs/sales.md) even when the visit was already recorded today.
    keepReferralCookie(reply, body.tokenId, secure);
    return { ok: true as const };
  });
}
