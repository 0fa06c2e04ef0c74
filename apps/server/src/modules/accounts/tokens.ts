import { ErrorCode, Limits, Messages } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import {
  findToken,
  insertToken,
  insertTokens,
  markTokenUsed,
  retireTokens,
  retireTokensOf,
  type TokenPurpose,
} from './repository';

export type { TokenPurpose } from './repository';

/**
 * Issues a single-use link token (stored hashed, expiring after one hour unless `ttlMs` says otherwise: a
 * welcome mail's set-password link works for days); earlier unused ones of the same purpose stop working.
 */
export async function issueToken(
  tx: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  data: Record<string, unknown> = {},
  ttlMs: number = Limits.linkTtlMs,
): Promise<string> {
  const token = randomToken();
  await retireTokens(tx, userId, purpose, now);
  await insertToken(tx, {
    tokenHash: sha256Hex(token),
    purpose,
    userId,
    data,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * issueToken for many users in two statements (a class enrolled at once gets its welcome links): answers each
 * user's token.
 */
export async function issueTokens(
  tx: DbOrTx,
  userIds: string[],
  purpose: TokenPurpose,
  now: Date,
  data: Record<string, unknown> = {},
  ttlMs: number = Limits.linkTtlMs,
): Promise<Map<string, string>> {
  const tokens = new Map(userIds.map((id) => [id, randomToken()]));
  await retireTokensOf(tx, userIds, purpose, now);
  await insertTokens(
    tx,
    [...tokens].map(([userId, token]) => ({
      tokenHash: sha256Hex(token),
      purpose,
      userId,
      data,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })),
  );
  return tokens;
}

/** Finds a live token; throws 400 INVALID_TOKEN for unknown, used or expired ones. */
export async function findLiveToken(tx: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const row = await findToken(tx, sha256Hex(token), purpose);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
  return row;
}

/** Marks a live token used, once: a second concurrent use finds nothing to update and fails. */
export async function consumeToken(tx: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const row = await findLiveToken(tx, token, purpose, now);
  if (!(await markTokenUsed(tx, row.id, now)))
    throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
  return row;
}
