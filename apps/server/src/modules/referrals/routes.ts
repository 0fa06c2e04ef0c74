import { okResponse, referralBody } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { referralVisits } from '../../db/schema';
import type { Deps } from '../../deps';
import { enforceRateLimits } from '../../lib/rate-limit';
import { defineRoute } from '../../lib/route';

/** The landing page's tokenId: a referral token recorded once per visit (DESIGN.md §5). */
export function referralRoutes(app: FastifyInstance, deps: Deps) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/referralTokens',
    summary: 'Record a referral token seen on the landing page',
    tags: ['referrals'],
    access: 'public',
    body: referralBody,
    response: okResponse,
    status: 201,
    handler: async ({ req, body }) => {
      await enforceRateLimits(deps.limiter, [[`referral:addr:${req.ip}`, [120, 60 * 60 * 1000]]]);
      await deps.db
        .insert(referralVisits)
        .values({ tokenId: body.tokenId, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null });
      return { ok: true as const };
    },
  });
}
