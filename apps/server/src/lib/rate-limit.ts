import { ErrorCode } from '@qbank/contract';
import type { RateLimiter } from '../infra/rate-limiter';
import { AppError } from './app-error';

/** Counts one attempt against each [key, limit] and refuses with 429 and Retry-After when any is over. */
export async function enforceRateLimits(
  limiter: RateLimiter,
  checks: Array<[string, readonly [number, number]]>,
) {
  for (const [key, [max, windowMs]] of checks) {
    const r = await limiter.hit(key, max, windowMs);
    if (!r.allowed)
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many attempts. Please wait ${r.retryAfterSeconds >= 120 ? `${Math.ceil(r.retryAfterSeconds / 60)} minutes` : `${r.retryAfterSeconds} seconds`} and try again.`,
        undefined,
        r.retryAfterSeconds,
      );
  }
}
