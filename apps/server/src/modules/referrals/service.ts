import type { Deps } from '../../deps';
import type { Client } from '../../lib/answers';
import { sha256Hex } from '../../lib/crypto';
import { enforceRateLimits } from '../../lib/rate-limit';
import { insertVisit } from './repository';

const REPORTS_PER_ADDRESS = [120, 60 * 60 * 1000] as const;
/** A token from the same visitor (network address and browser) is recorded once in this window. */
const SAME_VISITOR_WINDOW_MS = 24 * 60 * 60 * 1000;

export function referralsService(deps: Deps) {
  const { db, limiter } = deps;
  return {
    /**
     * Records a referral token seen on the landing page once (DESIGN.md §5): a reload or a second click on the
     * same link by the same visitor within a day answers the same and stores nothing more. The "seen" mark
     * lives in the rate-limit store, which every instance shares.
     */
    async record(tokenId: string, { ip, userAgent }: Client) {
      await enforceRateLimits(limiter, [[`referral:addr:${ip}`, REPORTS_PER_ADDRESS]]);
      const visitor = sha256Hex(`${tokenId}\n${ip}\n${userAgent ?? ''}`);
      const first = await limiter.hit(`referral:seen:${visitor}`, 1, SAME_VISITOR_WINDOW_MS);
      if (!first.allowed) return;
      await insertVisit(db, tokenId, userAgent, deps.clock.now());
    },
  };
}
