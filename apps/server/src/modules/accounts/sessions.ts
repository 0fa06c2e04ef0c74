import { ACCOUNT_DISABLED_MESSAGE, ErrorCode, Limits } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  lockUserForSession,
  TOUCH_EVERY_MS,
  touchSession,
} from './repository';

/**
 * Sessions (DESIGN §4): only a hash of the session id is stored; the access token is the CSRF token.
 *
 * The session rule, in one place: a session is live until it expires (`expires_at`, absolute) and while its last
 * use (`last_seen_at`) is within the idle limit; its use is written at most every TOUCH_EVERY_MS. `readSession`
 * applies it to a request's cookie (plugins/session.ts gets it from app.ts); `sessionProven` (the repository's)
 * is the same rule as SQL for a statement that proves its caller's session itself (the exam screen's answer and
 * keep-alive), which asks for a use seen within TOUCH_EVERY_MS so that it needs no write of its own.
 */

/**
 * The caller of a request by the hash of its cookie's session id, or null when the session is gone: expired,
 * ended, or idle too long (then it is deleted). Its use is written when the last is older than TOUCH_EVERY_MS.
 */
export async function readSession(db: DbOrTx, idHash: string, now: Date) {
  const row = await findLiveSession(db, idHash, now);
  if (!row) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (idleMs > Limits.sessionIdleMs) {
    await deleteSession(db, idHash);
    return null;
  }
  if (idleMs > TOUCH_EVERY_MS) await touchSession(db, idHash, now);
  return { userId: row.userId, superuser: row.superuser, accessToken: row.accessToken };
}

/**
 * Opens a session for the user. It is rotated: a session whose id came with the request ends, so an id known
 * before sign-in (planted by someone else, or left on a shared computer) is worth nothing after it. A disabled
 * account gets none (every way in comes here: sign-in, a finished registration, an accepted invitation).
 */
export async function openSession(
  db: DbOrTx,
  input: {
    userId: string;
    previousSessionId?: string;
    client: { ip: string; userAgent: string | null };
    now: Date;
  },
): Promise<{ sessionId: string; accessToken: string }> {
  const sessionId = randomToken();
  const accessToken = randomToken();
  await db.transaction(async (tx) => {
    if (!(await lockUserForSession(tx, input.userId)))
      throw new AppError(ErrorCode.FORBIDDEN, ACCOUNT_DISABLED_MESSAGE);
    if (input.previousSessionId) await deleteSession(tx, sha256Hex(input.previousSessionId));
    await insertSession(tx, {
      idHash: sha256Hex(sessionId),
      userId: input.userId,
      accessToken,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + Limits.sessionAbsoluteMs),
      userAgent: input.client.userAgent,
      ipAddress: input.client.ip,
    });
  });
  return { sessionId, accessToken };
}
