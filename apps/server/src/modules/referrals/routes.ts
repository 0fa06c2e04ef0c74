import { okResponse, referralBody } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { defineRoute } from '../../lib/route';
import { referralsService } from './service';

/** The landing page's tokenId: a referral token recorded once per visitor (DESIGN.md §5). */
export function referralRoutes(app: FastifyInstance, deps: Deps) {
  const svc = referralsService(deps);
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/referralTokens',
    summary: 'Record a referral token seen on the landing page (once per visitor and day)',
    tags: ['referrals'],
    access: 'public',
    body: referralBody,
    response: okResponse,
    status: 201,
    handler: async ({ req, body }) => {
      await svc.record(req, body.tokenId);
      return { ok: true as const };
    },
  });
}
