import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { oneTimeTokens } from '../../../db/schema';

export type TokenPurpose = 'REGISTRATION' | 'PASSWORD_RESET';

/** Marks the user's unused tokens of this purpose used: a newer one replaces them. */
export async function retireTokens(tx: DbOrTx, userId: string, purpose: TokenPurpose, now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** retireTokens for many users at once. */
export async function retireTokensOf(tx: DbOrTx, userIds: string[], purpose: TokenPurpose, now: Date) {
  if (userIds.length === 0) return;
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(oneTimeTokens.userId, userIds),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

export async function insertTokens(tx: DbOrTx, rows: (typeof oneTimeTokens.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(oneTimeTokens).values(rows);
}

export async function insertToken(tx: DbOrTx, row: typeof oneTimeTokens.$inferInsert) {
  await tx.insert(oneTimeTokens).values(row);
}

/** The token of this hash and purpose, used or not, expired or not; null when there is none. */
export async function findToken(tx: DbOrTx, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Marks the token used unless it already is; answers whether this call did (a concurrent use finds it done). */
export async function markTokenUsed(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return updated.length > 0;
}
