import { Limits, REFERRAL_DAYS } from '@qbank/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The referral token this browser last brought from the landing page (docs/sales.md): kept in a first-party
 * cookie for REFERRAL_DAYS, sent with every API call, so a sign-up and a checkout made within that time are
 * attributed to it. A newer token replaces it.
 */
export const REFERRAL_COOKIE = 'qbank_referral';

export function keepReferralCookie(reply: FastifyReply, tokenId: string, secure: boolean) {
  reply.setCookie(REFERRAL_COOKIE, tokenId, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: REFERRAL_DAYS * 24 * 60 * 60,
  });
}

/** The request's referral token, if its cookie holds one that could have been recorded. */
export function referralOf(req: FastifyRequest): string | undefined {
  const value = req.cookies[REFERRAL_COOKIE]?.trim();
  return value && value.length <= Limits.referralTokenMax ? value : undefined;
}
