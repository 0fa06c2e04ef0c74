import { registrationApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { referralsService } from './service';

/** The landing page's tokenId: a referral token recorded once per visitor (DESIGN.md §5). */
export function referralRoutes(app: FastifyInstance, deps: Deps) {
  const svc = referralsService(deps);
  route(app, registrationApi.referral, async ({ body, client }) => {
    await svc.record(body.tokenId, client);
    return { ok: true as const };
  });
}
