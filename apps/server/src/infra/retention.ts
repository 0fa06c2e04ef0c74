import { lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, oneTimeTokens } from '../db/schema';

/** How long done jobs and spent one-time tokens are kept. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How long jobs that failed for good are kept: an operator may need one to replay it (a local provider's
 * webhook job is the only record of a payment event that was never applied).
 */
export const FAILED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes jobs finished (done or failed for good) and one-time tokens used or expired more than a day ago.
 * Failed mail jobs still hold their message, link included, and tokens are secrets in hashed form: neither
 * is kept for ever. Safe to run on every instance at once.
 */
export async function purgeSpent(db: Db, now: Date): Promise<{ jobs: number; tokens: number }> {
  const before = new Date(now.getTime() - RETENTION_MS);
  const purgedJobs = await db
    .delete(jobs)
    .where(or(lt(jobs.doneAt, before), lt(jobs.failedAt, new Date(now.getTime() - FAILED_RETENTION_MS))))
    .returning({ id: jobs.id });
  const purgedTokens = await db
    .delete(oneTimeTokens)
    .where(or(lt(oneTimeTokens.usedAt, before), lt(oneTimeTokens.expiresAt, before)))
    .returning({ id: oneTimeTokens.id });
  return { jobs: purgedJobs.length, tokens: purgedTokens.length };
}
