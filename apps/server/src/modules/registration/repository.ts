import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';

export type NewUser = typeof users.$inferInsert;
/** What changes on an existing user: never the id or the e-mail address. */
export type UserFields = Partial<Omit<NewUser, 'id' | 'email'>>;

export async function updateUser(tx: DbOrTx, id: string, fields: UserFields) {
  await tx.update(users).set(fields).where(eq(users.id, id));
}

/** Makes a user; answers null when the address already has one (made at the same moment by another request). */
export async function insertUserIfNew(tx: DbOrTx, values: NewUser): Promise<string | null> {
  const [u] = await tx.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return u?.id ?? null;
}

export async function insertUser(tx: DbOrTx, values: NewUser): Promise<string> {
  const [u] = await tx.insert(users).values(values).returning({ id: users.id });
  return u!.id;
}

/** Whether a registration link was used (or replaced by a newer one) and its account's e-mail is verified. */
export async function spentLinkOfVerifiedAccount(tx: DbOrTx, token: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256Hex(token)),
        eq(oneTimeTokens.purpose, 'REGISTRATION'),
        isNotNull(oneTimeTokens.usedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
