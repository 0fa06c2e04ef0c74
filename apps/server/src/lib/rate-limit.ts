import { ErrorCode } from '@qbank/contract';
import { AppError } from './app-error';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key: in-process by default, Redis when REDIS_URL is set (shared by every
 * instance); the adapters are in infra/rate-limiter.ts. Windows are whole seconds. Each count is atomic: of
 * many concurrent hits on a key, exactly `max` are allowed.
 */
export interface RateLimiter {
  /** Counts one attempt; allowed while the count is within `max` (an attempt refused still counts). */
  hit(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether one more attempt would be allowed, without counting one. */
  peek(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** Gives back one attempt counted by `hit` (a reservation that turned out not to count). */
  refund(key: string, max: number, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

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
