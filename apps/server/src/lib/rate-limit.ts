import { ErrorCode } from '@qbank/contract';
import type { RateLimiter } from '../infra/rate-limiter';
import { AppError } from './app-error';

export type RateLimitChecks = Array<[string, readonly [number, number]]>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    `Too many attempts. Please wait ${retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`} and try again.`,
    undefined,
    retryAfterSeconds,
  );

/** Counts one attempt against each [key, limit] and refuses with 429 and Retry-After when any is over. */
export async function enforceRateLimits(limiter: RateLimiter, checks: RateLimitChecks) {
  for (const [key, [max, windowMs]] of checks) {
    const r = await limiter.hit(key, max, windowMs);
    if (!r.allowed) throw tooMany(r.retryAfterSeconds);
  }
}

/** A slot taken in each limit for an attempt whose outcome is not known yet. */
export interface Reservation {
  /** The attempt does not count (it succeeded): every slot is given back. */
  refund(): Promise<void>;
}

/**
 * For limits on failures only: takes one slot in each limit atomically BEFORE the attempt is checked, so of
 * many concurrent attempts no more than a limit's worth get through; refuses with 429 (giving back what it
 * took) when any limit is used up. The caller refunds the reservation when the attempt succeeds; a failure
 * keeps it.
 */
export async function reserveAttempt(limiter: RateLimiter, checks: RateLimitChecks): Promise<Reservation> {
  const taken: RateLimitChecks = [];
  const giveBack = () =>
    Promise.all(taken.map(([key, [max, windowMs]]) => limiter.refund(key, max, windowMs)));
  for (const check of checks) {
    const [key, [max, windowMs]] = check;
    const r = await limiter.hit(key, max, windowMs);
    taken.push(check);
    if (!r.allowed) {
      await giveBack();
      throw tooMany(r.retryAfterSeconds);
    }
  }
  return {
    async refund() {
      await giveBack();
    },
  };
}
