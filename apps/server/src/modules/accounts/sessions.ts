import { Limits } from '@qbank/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';

/** Session rows (DESIGN §4): only a hash of the session id is stored; the access token is the CSRF token. */

/** A live session and its user's superuser flag: a named prepared statement, asked on every signed-in request. */
function prepareLiveSession(db: DbOrTx) {
  return db
    .select({
      userId: sessions.userId,
      accessToken: sessions.accessToken,
      lastSeenAt: sessions.lastSeenAt,
      superuser: users.superuser,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('live_session');
}
const liveSessionStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareLiveSession>>();

/** A live session by the hash of its id, with its user's superuser flag. */
export async function findLiveSession(db: DbOrTx, idHash: string, now: Date) {
  let q = liveSessionStatements.get(db);
  if (!q) {
    q = prepareLiveSession(db);
    liveSessionStatements.set(db, q);
  }
  const [row] = await q.execute({ idHash, now });
  return row ?? null;
}

export async function touchSession(db: DbOrTx, idHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the user but the one kept (a password change keeps the device that made it). */
export async function deleteSessionsOf(db: DbOrTx, userId: string, keepIdHash?: string) {
  await db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.userId, userId),
    );
}

/**
 * Opens a session for the user. It is rotated: a session whose id came with the request ends, so an id known
 * before sign-in (planted by someone else, or left on a shared computer) is worth nothing after it.
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
    if (input.previousSessionId) await deleteSession(tx, sha256Hex(input.previousSessionId));
    await tx.insert(sessions).values({
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
