import { ErrorCode } from '@qbank/contract';
import type { RateLimiter } from '../infra/rate-limiter';
import { AppError } from './app-error';

type Checks = Array<[string, readonly [number, number]]>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    `Too many attempts. Please wait ${retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`} and try again.`,
    undefined,
    retryAfterSeconds,
  );

/** Counts one attempt against each [key, limit] and refuses with 429 and Retry-After when any is over. */
export async function enforceRateLimits(limiter: RateLimiter, checks: Checks) {
  for (const [key, [max, windowMs]] of checks) {
    const r = await limiter.hit(key, max, windowMs);
    if (!r.allowed) throw tooMany(r.retryAfterSeconds);
  }
}

/** Refuses with 429 when any limit is already used up, counting nothing (for limits on failures only). */
export async function refuseIfLimited(limiter: RateLimiter, checks: Checks) {
  for (const [key, [max, windowMs]] of checks) {
    const r = await limiter.peek(key, max, windowMs);
    if (!r.allowed) throw tooMany(r.retryAfterSeconds);
  }
}

/** Counts one failed attempt against each limit, without refusing (the next attempt is refused by `refuseIfLimited`). */
export async function countFailure(limiter: RateLimiter, checks: Checks) {
  for (const [key, [max, windowMs]] of checks) await limiter.hit(key, max, windowMs);
}
