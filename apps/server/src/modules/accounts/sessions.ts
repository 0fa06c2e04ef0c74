import { Limits } from '@qbank/contract';
import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';

/**
 * Session rows (DESIGN §4): only a hash of the session id is stored; the access token is the CSRF token.
 *
 * The session rule, in one place: a session is live until it expires (`expires_at`, absolute) and while its last
 * use (`last_seen_at`) is within the idle limit; its use is written at most every TOUCH_EVERY_MS. `readSession`
 * applies it to a request's cookie (plugins/session.ts gets it from app.ts); `sessionProven` is the same rule as
 * SQL for a statement that proves its caller's session itself (the exam screen's answer and keep-alive), which
 * asks for a use seen within TOUCH_EVERY_MS so that it needs no write of its own.
 */

/** A session's last use is written at most this often; a write that proves a session needs one seen this recently. */
export const TOUCH_EVERY_MS = 60_000;

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
 * The session rule as a condition on `s`, a `sessions` row, for a statement that proves the caller's session in
 * itself: the session of this id hash, its CSRF token the one sent, not expired at `at`, and used within
 * TOUCH_EVERY_MS before it (so live by the idle rule, and needing no write of its use).
 */
export function sessionProven(s: SQL, p: { idHash: SQL; csrfToken: SQL; at: SQL }): SQL {
  return sql`${s}.id_hash = ${p.idHash} AND ${s}.access_token = ${p.csrfToken} AND ${s}.expires_at > ${p.at}
    AND ${s}.last_seen_at >= ${p.at} - ${TOUCH_EVERY_MS} * interval '1 millisecond'`;
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
