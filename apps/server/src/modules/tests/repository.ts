import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tests } from '../../db/schema';

/** The user's running test in a product (at most one: the database's tests_one_open_key). */
export async function findInProgress(db: DbOrTx, userId: string, productId: string) {
  const [t] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.userId, userId), eq(tests.productId, productId), eq(tests.status, 'IN_PROGRESS')))
    .limit(1);
  return t ?? null;
}
