import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
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

/**
 * The browsers (hashes of their registration nonces) whose registration links of this user are still live:
 * unused and unexpired. A link of a registration made before nonces were kept answers null.
 */
export async function liveRegistrationBrowsers(
  tx: DbOrTx,
  userId: string,
  now: Date,
): Promise<Array<string | null>> {
  const rows = await tx
    .select({ browser: sql<string | null>`${oneTimeTokens.data}->>'browser'` })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'REGISTRATION'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return rows.map((r) => r.browser);
}

/**
 * Whether this user's e-mail is verified, asked by a browser that started one of the user's registrations (one
 * of their links, live or not, carries the hash of its nonce); null when none did.
 */
export async function verifiedForBrowser(
  tx: DbOrTx,
  userId: string,
  browserHash: string,
): Promise<boolean | null> {
  const [row] = await tx
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'REGISTRATION'),
        sql`${oneTimeTokens.data}->>'browser' = ${browserHash}`,
      ),
    )
    .limit(1);
  return row ? row.verifiedAt !== null : null;
}
