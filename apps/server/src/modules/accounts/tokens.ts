import { ErrorCode, Limits, Messages } from '@qbank/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';

export type TokenPurpose = 'REGISTRATION' | 'PASSWORD_RESET';

/** Issues a single-use link token (stored hashed, expiring after one hour); earlier unused ones of the same purpose stop working. */
export async function issueToken(
  tx: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  data: Record<string, unknown> = {},
): Promise<string> {
  const token = randomToken();
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
  await tx.insert(oneTimeTokens).values({
    tokenHash: sha256Hex(token),
    purpose,
    userId,
    data,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Limits.linkTtlMs),
  });
  return token;
}

/** Finds a live token; throws 400 INVALID_TOKEN for unknown, used or expired ones. */
export async function findLiveToken(tx: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
  return row;
}

/** Marks a live token used, once: a second concurrent use finds nothing to update and fails. */
export async function consumeToken(tx: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const row = await findLiveToken(tx, token, purpose, now);
  const updated = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (updated.length === 0) throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
  return row;
}
