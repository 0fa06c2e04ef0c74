import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sessions, users } from '../../../db/schema';

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
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A disabled account has no session (disabling ends them in its transaction); this makes sure of it.
        isNull(users.disabledAt),
      ),
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
 * The session rule as a condition on `s`, a `sessions` row, for a statement that proves the caller's session in
 * itself: the session of this id hash, its CSRF token the one sent, not expired at `at`, and used within
 * TOUCH_EVERY_MS before it (so live by the idle rule, and needing no write of its use).
 */
export function sessionProven(s: SQL, p: { idHash: SQL; csrfToken: SQL; at: SQL }): SQL {
  return sql`${s}.id_hash = ${p.idHash} AND ${s}.access_token = ${p.csrfToken} AND ${s}.expires_at > ${p.at}
    AND ${s}.last_seen_at >= ${p.at} - ${TOUCH_EVERY_MS} * interval '1 millisecond'`;
}

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function touchSession(db: DbOrTx, idHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the user but the one kept (a password change keeps the device that made it); how many. */
export async function deleteSessionsOf(db: DbOrTx, userId: string, keepIdHash?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.userId, userId),
    )
    .returning({ idHash: sessions.idHash });
  return ended.length;
}

/**
 * Whether the user may have a session now: not disabled. Locks their row (FOR SHARE) until the caller's
 * transaction ends, so a disabling (which updates the row, then ends the sessions) waits for a session being
 * opened, and ends it too; or goes first, and this sees it.
 */
export async function lockUserForSession(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return !!row && row.disabledAt === null;
}

/** Live sessions of the user: not expired (an idle one counts until a request finds it idle). */
export async function countSessionsOf(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return row?.n ?? 0;
}
