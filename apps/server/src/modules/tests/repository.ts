import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tests } from '../../db/schema';

/**
 * The user's running test in a product. There should be at most one (DESIGN.md §5); should two ever exist,
 * the one started last wins.
 */
export async function findInProgress(db: DbOrTx, userId: string, productId: string) {
  const [t] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.userId, userId), eq(tests.productId, productId), eq(tests.status, 'IN_PROGRESS')))
    .orderBy(sql`${tests.runningSince} DESC NULLS LAST`, desc(tests.createdAt))
    .limit(1);
  return t ?? null;
}
